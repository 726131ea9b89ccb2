-- Documents of a calculation set (portal specification, “Entities and their fields” 'Attachments and documents'): files the
-- portal generated (offers, contracts) and attachments partners uploaded. The row holds the
-- metadata; the bytes belong to the document store (src/server/integrations/document-store),
-- whose PostgreSQL implementation keeps them in `content`. Another store leaves it null.

create table documents (
  id uuid primary key default gen_random_uuid(),
  calculation_set_id uuid not null references calculation_sets(id) on delete cascade,
  document_group text not null check (document_group in ('generated', 'attachment')),
  category text not null,
  file_name text not null check (length(file_name) between 1 and 255),
  -- The file type as its extension says it, once the bytes agreed: pdf, jpg, png, doc, docx, xls, xlsx.
  format text not null,
  size int not null check (size >= 0),
  content bytea,
  -- The file's own last change, as the browser told it; the save date is created_at.
  last_modified_at timestamptz,
  created_at timestamptz not null default now(),
  created_by uuid references users(id),
  -- Attachments carry one of the spec's categories; generated documents name what they are.
  constraint documents_attachment_category_check check (
    document_group = 'generated' or category in ('identity', 'financial', 'reseller', 'registration',
      'delivery', 'resellerInvoice', 'service', 'agreement', 'commissionInvoice', 'insurance', 'attorney',
      'other')
  )
);

create index documents_set_idx on documents (calculation_set_id, created_at);
