/** Following an artist by e-mail: confirmation, release mails, one-click unsubscribe (issue 17). */
export { followsPlugin } from './follows.plugin';
export { FOLLOW_MAIL_LIMIT, FOLLOW_RELEASE_JOB } from './follows.service';
