import { applicationMessages, CV_MAX_BYTES, cvKindOf } from '@portal/contracts';

/** The file's bytes (FileReader: every browser has it, and so has the test DOM). */
function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * Why `file` cannot be sent as a CV, or null when it can: at most 5 MB, a PDF or a DOCX by its
 * content, as the server checks it (the name and the browser's type prove nothing).
 */
export async function cvProblem(file: File): Promise<string | null> {
  if (file.size === 0) return applicationMessages.cvRequired;
  if (file.size > CV_MAX_BYTES) return applicationMessages.cvTooLarge;
  try {
    return cvKindOf(await readBytes(file)) ? null : applicationMessages.cvWrongType;
  } catch {
    return applicationMessages.cvWrongType;
  }
}

/** A size as people read it: "640 bytes", "840 KB", "2.4 MB". */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
