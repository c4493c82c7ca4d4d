import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './render';

/** What the sign-in page's tests share: the page opened at its tabs, and its two forms. */

/** Opens `path` (the sign-in page by default) and waits for its tabs; returns the render and a user. */
export async function openAuth(path = '/auth') {
  const view = renderApp(path);
  await screen.findByRole('tab', { name: 'Sign In' });
  return { ...view, user: userEvent.setup() };
}

export const signInForm = () => screen.getByRole('form', { name: 'Sign in' });
export const signUpForm = () => screen.getByRole('form', { name: 'Sign up' });
