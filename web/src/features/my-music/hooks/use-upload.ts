import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadOptions } from '@/lib/upload';
import { nextRate, secondsLeft, startRate, type UploadRate } from '@/lib/upload-estimate';

export type UploadPhase = 'idle' | 'sending' | 'processing';

export interface UploadState {
  /** sending: bytes going out; processing: all sent, the server is checking the files. */
  phase: UploadPhase;
  /** 0-100 of the request body sent. */
  percent: number;
  /** Bytes of the request body sent, and of the whole body: the audio and the cover photo together. */
  loaded: number;
  total: number;
  /** Estimated seconds until all is sent; null until the rate is known. */
  secondsLeft: number | null;
  /** The connection dropped: the upload waits and resumes by itself when it is back. */
  connectionLost: boolean;
}

const IDLE: UploadState = { phase: 'idle', percent: 0, loaded: 0, total: 0, secondsLeft: null, connectionLost: false };

/**
 * Runs one upload at a time with its progress for a progress bar. Leaving the screen (unmount)
 * or cancel() aborts the request, so no upload goes on unseen.
 */
export function useUpload() {
  const [state, setState] = useState<UploadState>(IDLE);
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);
  const isUploading = state.phase !== 'idle';
  // Closing or reloading the tab mid-upload asks first: the browser's own "Leave site?" prompt.
  useEffect(() => {
    if (!isUploading) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older browsers ask only when this is set
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isUploading]);

  const run = useCallback(async <T,>(send: (options: UploadOptions) => Promise<T>): Promise<T> => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setState({ ...IDLE, phase: 'sending' });
    let rate: UploadRate = startRate(performance.now());
    try {
      return await send({
        signal: controller.signal,
        onProgress: ({ percent, loaded, total }) => {
          if (current.current !== controller) return;
          const now = performance.now();
          rate = nextRate(rate, loaded, now);
          setState((previous) => ({
            ...previous,
            phase: percent >= 100 ? 'processing' : 'sending',
            percent,
            loaded,
            total,
            secondsLeft: secondsLeft(rate, loaded, total, now),
          }));
        },
        onConnection: (lost) => {
          if (current.current !== controller) return;
          setState((previous) => ({ ...previous, connectionLost: lost, secondsLeft: lost ? null : previous.secondsLeft }));
        },
      });
    } finally {
      if (current.current === controller) {
        current.current = null;
        setState(IDLE);
      }
    }
  }, []);

  const cancel = useCallback(() => current.current?.abort(), []);

  return { ...state, isUploading, run, cancel };
}
