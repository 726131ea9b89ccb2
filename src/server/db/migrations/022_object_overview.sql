-- An object overview may be attached: it describes the objects of a general financing object,
-- so that the request to the provider can go (domain/calculation/requests.ts requestBlockers).
alter table documents drop constraint documents_attachment_category_check;
alter table documents add constraint documents_attachment_category_check check (
  document_group = 'generated' or category in ('identity', 'financial', 'reseller', 'registration',
    'delivery', 'resellerInvoice', 'service', 'agreement', 'commissionInvoice', 'insurance', 'attorney',
    'objectOverview', 'other')
);
