import { useState } from 'react';
import toast from 'react-hot-toast';
import type { ApiFile } from '@/lib/api-client';
import { saveFile } from '@/lib/download';
import { errorMessage } from '@/lib/errors';

/**
 * Runs one protected download at a time (the request carries the token, the Blob is saved
 * through an object URL); `pending` names the one under way, a failure is a toast.
 */
export function useDownload() {
  const [pending, setPending] = useState<string | null>(null);
  async function download(name: string, fetchFile: () => Promise<ApiFile>) {
    if (pending) return;
    setPending(name);
    try {
      const { blob, fileName } = await fetchFile();
      saveFile(blob, fileName);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(null);
    }
  }
  return { pending, download };
}
