import { useRef, useState } from 'react';
import type {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_PER_MESSAGE,
  AttachmentMediaType,
  TicketAttachment,
} from '@portal/contracts';

// The contract's values, typed against it (its module would bring zod along at run time).
export const MAX_ATTACHMENT_BYTES: typeof ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS: typeof ATTACHMENTS_PER_MESSAGE = 5;
const MEDIA_TYPES: readonly AttachmentMediaType[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
];
/** What the file picker offers; the service decides from the bytes, whatever the name or type says. */
export const ATTACHMENT_ACCEPT = MEDIA_TYPES.join(',');

/** "845 B", "12 KB", "3.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** A file chosen for a message: uploading, uploaded (its attachment), or refused (why). */
export interface ChosenFile {
  key: number;
  name: string;
  size: number;
  attachment?: TicketAttachment;
  error?: string;
}

export interface AttachmentUploads {
  files: readonly ChosenFile[];
  /** Uploads each file as it is chosen (≤ 10 MB, not empty, up to 5 with those kept). */
  choose: (chosen: readonly File[]) => void;
  remove: (key: number) => void;
  /** After the message is sent: nothing chosen any more. */
  clear: () => void;
  /** The uploaded attachments' ids, for the message's `attachmentIds`. */
  ids: string[];
  uploading: boolean;
  /** No room for another file. */
  full: boolean;
  /** Why some of the files last chosen were left out (more than 5), or null. */
  notice: string | null;
}

/**
 * The files of a message being written. `upload` sends one file's bytes to the service and resolves
 * with its attachment; a refusal is shown on the file in the service's words (`describe`, such as
 * `serverMessage` of @portal/store), so a 415 says which types are allowed.
 */
export function useAttachmentUploads(
  upload: (file: File) => Promise<TicketAttachment>,
  describe: (reason: unknown) => string | undefined,
): AttachmentUploads {
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const nextKey = useRef(0);
  const kept = files.filter((each) => !each.error).length;
  const patch = (key: number, changes: Partial<ChosenFile>) =>
    setFiles((current) => current.map((each) => (each.key === key ? { ...each, ...changes } : each)));

  const choose = (chosen: readonly File[]) => {
    const room = MAX_ATTACHMENTS - kept;
    setNotice(chosen.length > room ? `At most ${MAX_ATTACHMENTS} attachments per message` : null);
    for (const file of chosen.slice(0, Math.max(0, room))) {
      const key = nextKey.current++;
      const error =
        file.size > MAX_ATTACHMENT_BYTES
          ? 'Larger than 10 MB'
          : file.size === 0
            ? 'The file is empty'
            : undefined;
      setFiles((current) => [...current, { key, name: file.name, size: file.size, error }]);
      if (error) continue;
      upload(file).then(
        (attachment) => patch(key, { attachment }),
        (reason: unknown) => patch(key, { error: describe(reason) ?? 'Upload failed' }),
      );
    }
  };

  return {
    files,
    choose,
    remove: (key) => {
      setNotice(null);
      setFiles((current) => current.filter((each) => each.key !== key));
    },
    clear: () => {
      setNotice(null);
      setFiles([]);
    },
    ids: files.flatMap((each) => (each.attachment ? [each.attachment.id] : [])),
    uploading: files.some((each) => !each.attachment && !each.error),
    full: kept >= MAX_ATTACHMENTS,
    notice,
  };
}
