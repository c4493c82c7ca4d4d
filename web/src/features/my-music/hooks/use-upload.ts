import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadOptions } from '@/lib/upload';

export type UploadPhase = 'idle' | 'sending' | 'processing';

export interface UploadState {
  /** sending: bytes going out; processing: all sent, the server is checking the files. */
  phase: UploadPhase;
  /** 0-100 of the request body sent. */
  percent: number;
}

const IDLE: UploadState = { phase: 'idle', percent: 0 };

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
    setState({ phase: 'sending', percent: 0 });
    try {
      return await send({
        signal: controller.signal,
        onProgress: ({ percent }) => {
          if (current.current === controller) setState({ phase: percent >= 100 ? 'processing' : 'sending', percent });
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
