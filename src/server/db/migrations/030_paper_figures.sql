-- What the contract paper of a variant shows (docs/domain.md, "What a contract shows"), kept when
-- the paper contract is printed or a signing starts: every later step compares it with the
-- variant (contractFigures in src/domain/calculation/variant.ts builds the same shape).
alter table calculation_variants add column if not exists paper_figures jsonb;

-- Papers made before: a variant past printing is taken to match its paper, as it was trusted
-- until now (a change during a signing ended it), unless a printed contract is older than the
-- variant's last change: that paper is outdated and stays without figures (print it again).
update calculation_variants v
   set paper_figures = jsonb_build_object(
         'variant', v.payload - 'name' - 'languageCode' - 'additionalOfferInfo' - 'additionalRequestInfo',
         'applicant', case when s.applicant is null or s.applicant = 'null'::jsonb then 'null'::jsonb
                           else s.applicant - 'isReportRequired' end,
         'supplier', coalesce(s.supplier, 'null'::jsonb),
         'sublessee', coalesce(s.sublessee, 'null'::jsonb))
  from calculation_sets s
 where s.id = v.calculation_set_id
   and v.state in ('contractPrinted', 'startingESignature', 'awaitingCustomerSignature',
                   'awaitingPartnerSignature', 'awaitingDeliveryConfirmation', 'applicationReceived',
                   'missingApplicationInfo', 'contracted')
   and (v.state <> 'contractPrinted' or v.content_changed_at is null
        or v.content_changed_at <= (select max(d.created_at) from documents d
                                     where d.calculation_set_id = s.id and d.category = 'contract'));
