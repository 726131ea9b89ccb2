/**
 * Files in and out of the browser: a chosen file as base64 for the upload body, and a
 * downloaded base64 answer saved under its file name.
 */

/** The base64 chunk size of the spec (000 section 9): decoding goes 512 characters at a time. */
export const BASE64_CHUNK = 512;

/** A file's bytes as base64, read by the browser (no data-URL prefix). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** Decodes base64 in slices of BASE64_CHUNK characters (a multiple of 4, so slices decode alone). */
export function decodeBase64(content: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(Math.floor((content.length * 3) / 4)));
  let length = 0;
  for (let offset = 0; offset < content.length; offset += BASE64_CHUNK) {
    const slice = atob(content.slice(offset, offset + BASE64_CHUNK));
    for (let i = 0; i < slice.length; i++) bytes[length++] = slice.charCodeAt(i);
  }
  return bytes.subarray(0, length);
}

/** Offers bytes to the user as a download under the given name. */
export function saveFile(bytes: Uint8Array<ArrayBuffer>, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL only after click() returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};

/** The client's quick check before sending (the server checks the same and the bytes). */
export function localProblem(
  file: Pick<File, 'name' | 'size'>,
  rules: { maxFileSize: number; allowedExtensions: string[] },
): 'fileTypeNotAllowed' | 'fileEmpty' | 'fileTooLarge' | undefined {
  if (!rules.allowedExtensions.includes(extensionOf(file.name))) return 'fileTypeNotAllowed';
  if (file.size === 0) return 'fileEmpty';
  if (file.size > rules.maxFileSize) return 'fileTooLarge';
  return undefined;
}
