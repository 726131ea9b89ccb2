/** .../attachments: documents of a calculation set (being built). */
export function AttachmentsPage() {
  return null;
}

export const Component = AttachmentsPage;
