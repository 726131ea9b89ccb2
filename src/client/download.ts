/** A downloaded base64 answer (documents, spreadsheet exports) saved under its file name. */

/** The base64 chunk size of the spec (000 section 9): decoding goes 512 characters at a time. */
export const BASE64_CHUNK = 512;

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
