/** What a CV upload may be, told from its bytes (the name and the browser's type are not trusted). */
export type CvKind = 'pdf' | 'docx';

export const CV_MAX_BYTES = 5 * 1024 * 1024;

export const cvMediaTypes: Record<CvKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_END_OF_DIRECTORY = 0x06054b50;
const ZIP_DIRECTORY_ENTRY = 0x02014b50;
const ZIP_END_MIN = 22;
const ZIP_COMMENT_MAX = 0xffff;
const DOCX_MAIN_PART = 'word/document.xml';

/** 'pdf' for a file that starts `%PDF-`, 'docx' for a ZIP holding `word/document.xml`, else null. */
export function cvKindOf(bytes: Uint8Array): CvKind | null {
  if (PDF_MAGIC.every((byte, index) => bytes[index] === byte)) return 'pdf';
  return zipEntryNames(bytes)?.includes(DOCX_MAIN_PART) ? 'docx' : null;
}

/** The names in a ZIP's central directory, or null when the bytes are not a well-formed ZIP. */
function zipEntryNames(bytes: Uint8Array): string[] | null {
  if (bytes.length < ZIP_END_MIN) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== ZIP_LOCAL_HEADER) return null;
  // The end-of-directory record closes the file, after a comment of up to 64 KB.
  let end = -1;
  const lowest = Math.max(0, bytes.length - ZIP_END_MIN - ZIP_COMMENT_MAX);
  for (let at = bytes.length - ZIP_END_MIN; at >= lowest; at -= 1) {
    if (view.getUint32(at, true) === ZIP_END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || view.getUint32(at, true) !== ZIP_DIRECTORY_ENTRY) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > end) return null;
    names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
