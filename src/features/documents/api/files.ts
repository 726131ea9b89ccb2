/** A chosen file as base64 for the upload body, and the client's quick check of it. */

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
