/** The client's quick check of a chosen file before it is sent (the server checks the bytes too). */

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
