import type {
  BalanceKind,
  CheckoutItemKind,
  CheckoutState,
  PaymentMethod,
  PersonalPlanProduct,
  CompanyTypeValue,
  CourseProduct,
  CourseSaleWay,
  CouponProduct,
  CouponProductType,
  CouponType,
  Currency,
  NoticeAudience,
  NotificationType,
  DevicePlatform,
  DeviceProduct,
  GrantKind,
  GrantSource,
  IncomeKind,
  IncomeProduct,
  InvoiceState,
  Language,
  OrderChannel,
  OrderProductCode,
  RedeemCodeKind,
  StorageArea,
  SubscriptionProduct,
  SubscriptionType,
  TeamProduct,
  TeamPlanType,
  TeamRoleValue,
  WithdrawalState,
} from '@account-centre/contract';
import type { Generated } from 'kysely';

/** Times are unix seconds; ids of users are integers, of sessions random strings. */
export interface UsersTable {
  id: Generated<number>;
  region: 'domestic' | 'overseas';
  email: string | null;
  mobile: string | null;
  second_mobile: string | null;
  nick_name: string;
  avatar_url: string | null;
  profile: string | null;
  birthday: string | null;
  sex: 'male' | 'female' | null;
  country: string | null;
  language: string | null;
  created_at: number;
  updated_at: number;
  /** Set when the account was closed; the row is anonymised then (docs/decisions/007). */
  closed_at: Generated<number | null>;
}

/** Secrets a user signs in with, one row per kind (`password` today). */
export interface CredentialsTable {
  user_id: number;
  kind: 'password';
  secret_hash: string;
  updated_at: number;
}

/** A signed-in session: one refresh-token family, on one device. */
export interface SessionsTable {
  id: string;
  user_id: number;
  device_id: string | null;
  user_agent: string | null;
  ip: string | null;
  method: string;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoke_reason: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: number;
  expires_at: number;
  /**
   * Set when the token was used to rotate. Within the grace window a racing duplicate still
   * gets a fresh pair of the same session; after it, reuse revokes the whole session.
   */
  rotated_at: number | null;
  /** The access token issued with this one: it stops working when this one is rotated. */
  access_token_hash: string | null;
}

export interface AccessTokensTable {
  token_hash: string;
  session_id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  target: string;
  purpose: number;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  consumed_at: number | null;
}

/** Per-target send window: spacing between sends and the daily count, enforced by one UPDATE. */
export interface CodeSendWindowsTable {
  target: string;
  last_sent_at: number;
  day_started_at: number;
  day_count: number;
}

export interface LoginTicketsTable {
  ticket_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/**
 * Sign-in counters per key, shared by every instance (docs/decisions/015): `ip:<ip>`,
 * `pair:<account hash>@<ip>` (an account at one address) and `account:<x>` (the account at
 * every address, which slows down instead of locking).
 */
export interface LoginThrottleTable {
  key: string;
  window_started_at: number;
  failures: number;
  /** Locked (or, for an account's own row, made to wait) until then. */
  locked_until: number | null;
  /** The account a row is about; NULL for an address's own row. */
  account: string | null;
  /** The last try under an account's own row: its count is forgotten after a quiet spell. */
  last_try_at: number | null;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  created_at: number;
  sent_at: number | null;
  attempts: number;
  last_error: string | null;
  /** A delivery worker's lease while it holds the row; after a failed try, the next try's time. */
  next_attempt_at: Generated<number>;
}

export interface AuditEventsTable {
  id: Generated<number>;
  user_id: number | null;
  kind: string;
  ip: string | null;
  user_agent: string | null;
  detail: string | null;
  created_at: number;
}

/** Header activity tags (spec 02 §2): one per position and region, optionally time-boxed. */
export interface ActivityTagsTable {
  position: number;
  region: 'domestic' | 'overseas' | 'all';
  name: string;
  url: string;
  starts_at: number | null;
  ends_at: number | null;
  updated_at: number;
}

/**
 * An idempotency key of a signed-in write (docs/decisions/018), unique per user, method,
 * route and key. The response columns are NULL while the first request runs.
 */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  idempotency_key: string;
  method: string;
  /** The route's path pattern (`/api/user/:userId/invoice`); its parameters are in the fingerprint. */
  route: string;
  /** SHA-256 (hex) of the canonical JSON of the path parameters, query and body. */
  fingerprint: string;
  response_status: number | null;
  /** The answer's JSON text, exactly as it was sent. */
  response_body: string | null;
  /** When the key was claimed (or claimed again after its first request was abandoned). */
  created_at: number;
  completed_at: number | null;
  expires_at: number;
  /**
   * When the request's work committed, marked in the work's own transaction; a key with it is
   * never run again, even if its answer was never stored.
   */
  applied_at: number | null;
}

export interface Database {
  users: UsersTable;
  credentials: CredentialsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  access_tokens: AccessTokensTable;
  verification_codes: VerificationCodesTable;
  code_send_windows: CodeSendWindowsTable;
  login_tickets: LoginTicketsTable;
  login_throttle: LoginThrottleTable;
  outbox: OutboxTable;
  audit_events: AuditEventsTable;
  activity_tags: ActivityTagsTable;
  orders: OrdersTable;
  invoices: InvoicesTable;
  subscriptions: SubscriptionsTable;
  storage_quotas: StorageQuotasTable;
  device_slots: DeviceSlotsTable;
  devices: DevicesTable;
  password_withdrawals: PasswordWithdrawalsTable;
  identities: IdentitiesTable;
  exchange_codes: ExchangeCodesTable;
  oauth_flows: OAuthFlowsTable;
  phone_bind_links: PhoneBindLinksTable;
  phone_numbers: PhoneNumbersTable;
  companies: CompaniesTable;
  company_members: CompanyMembersTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  idempotency_keys: IdempotencyKeysTable;
  grants: GrantsTable;
  ledger_entries: LedgerEntriesTable;
  licence_grants: LicenceGrantsTable;
  code_batches: CodeBatchesTable;
  redeem_codes: RedeemCodesTable;
  code_redemptions: CodeRedemptionsTable;
  code_attempts: CodeAttemptsTable;
  coupons: CouponsTable;
  ai_point_accounts: AiPointAccountsTable;
  ai_point_usages: AiPointUsagesTable;
  template_credit_spends: TemplateCreditSpendsTable;
  notices: NoticesTable;
  notice_recipients: NoticeRecipientsTable;
  notice_reads: NoticeReadsTable;
  courses: CoursesTable;
  income_entries: IncomeEntriesTable;
  withdrawals: WithdrawalsTable;
  team_plans: TeamPlansTable;
  team_plan_seats: TeamPlanSeatsTable;
  checkouts: CheckoutsTable;
  payment_notifications: PaymentNotificationsTable;
  payment_reviews: PaymentReviewsTable;
  sandbox_payments: SandboxPaymentsTable;
  sandbox_notifications: SandboxNotificationsTable;
}

/** An order (spec 01 §3 "Order data"); amount in minor units, times unix seconds. */
export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  product: OrderProductCode;
  type: number;
  product_name: string;
  quantity: number;
  amount: number;
  currency: Currency;
  channel: OrderChannel;
  region: 'domestic' | 'overseas';
  agent: string | null;
  more: string | null;
  ordered_at: number;
  /** A recorded end of the entitlement; null: derived from the type (spec 01 §9). */
  exp: number | null;
  created_at: number;
  /** When the money went back (an operator's refund of its checkout); null: not refunded. */
  refunded_at: number | null;
  /** The checkout catalogue item it was bought as; null for a store's or an operator's order (decision 058). */
  item: string | null;
  /** What a business term was bought for: a team's seats, a company's added seats or time; null otherwise. */
  item_target: 'team' | 'company_seats' | 'company_time' | null;
}

/** The invoice of an order; no row means billing_not (spec 01 §4). */
export interface InvoicesTable {
  order_id: number;
  user_id: number;
  state: Exclude<InvoiceState, 'billing_not'>;
  iv_type: number;
  title_type: 'personal' | 'company';
  title: string;
  tax_number: string | null;
  email: string;
  number: string | null;
  requests: Generated<number>;
  requested_at: number;
  issued_at: number | null;
  failed_at: number | null;
  fail_reason: string | null;
  updated_at: number;
}

/** A subscription record (spec 01 §3); flags are 0/1 on both databases. */
export interface SubscriptionsTable {
  user_id: number;
  product: SubscriptionProduct;
  type: SubscriptionType;
  name: string;
  version: string | null;
  order_type: number | null;
  product_id: number | null;
  order_no: string | null;
  channel: OrderChannel | null;
  win_exp: number | null;
  mac_exp: number | null;
  linux_exp: number | null;
  online_exp: number | null;
  mobile_exp: number | null;
  ios_exp: number | null;
  android_exp: number | null;
  ppt_exp: number | null;
  group_name: string | null;
  group_exp: number | null;
  group_mobile_exp: number | null;
  fuser: Generated<number>;
  is_99: Generated<number>;
  have_renew: Generated<number>;
  upgrade_time: number | null;
  started_at: number | null;
  updated_at: number;
  /** The grant whose attributes the record shows (docs/decisions/022, "Licences"). */
  grant_id: number;
}

/**
 * What one licence grant gave (docs/decisions/022, "Licences"): the ends it sets and the record
 * attributes it brings; null where it sets nothing. The `subscriptions` record is rebuilt from
 * the live ones.
 */
export interface LicenceGrantsTable {
  grant_id: number;
  user_id: number;
  product: SubscriptionProduct;
  type: SubscriptionType | null;
  name: string | null;
  version: string | null;
  order_type: number | null;
  product_id: number | null;
  order_no: string | null;
  channel: OrderChannel | null;
  win_exp: number | null;
  mac_exp: number | null;
  linux_exp: number | null;
  online_exp: number | null;
  mobile_exp: number | null;
  ios_exp: number | null;
  android_exp: number | null;
  ppt_exp: number | null;
  group_exp: number | null;
  group_mobile_exp: number | null;
  group_name: string | null;
  fuser: number | null;
  is_99: number | null;
  have_renew: number | null;
  upgrade_time: number | null;
  started_at: number | null;
}

/** Cloud storage per user and area (spec 01 §3 "Storage"), bytes. */
export interface StorageQuotasTable {
  user_id: number;
  area: StorageArea;
  max_bytes: number;
  used_bytes: Generated<number>;
  updated_at: number;
}

/** Device slots of a user for a product: `used` never passes `slot_limit` (docs/architecture.md#invariants). */
export interface DeviceSlotsTable {
  user_id: number;
  product: DeviceProduct;
  used: Generated<number>;
  /** The membership's allowance, or the operator's override when one is set. */
  slot_limit: number;
  override_limit: number | null;
  updated_at: number;
}

/** A device activated for a product (spec 01 §3 "Device"); one row per user, product and device. */
export interface DevicesTable {
  id: Generated<number>;
  user_id: number;
  product: DeviceProduct;
  device_id: string;
  device_name: string;
  platform: DevicePlatform;
  activated_at: number;
  last_used_at: number;
}

/** "This wasn't me" withdrew the password; password sign-in is refused until a new one is set. */
export interface PasswordWithdrawalsTable {
  user_id: number;
  reported_event_id: number | null;
  created_at: number;
}

/** A third-party sign-in bound to an account (spec 01 §5). */
export interface IdentitiesTable {
  provider: 'weixin' | 'qq' | 'weibo' | 'google' | 'facebook';
  subject: string;
  user_id: number;
  created_at: number;
}

/** A started third-party sign-in or bind, claimed once by its callback (docs/decisions/008). */
export interface OAuthFlowsTable {
  /** SHA-256 of the `state` sent to the provider. */
  state_hash: string;
  provider: IdentitiesTable['provider'];
  purpose: 'bind' | 'sign-in' | 'close';
  user_id: number | null;
  code_verifier: string;
  nonce: string;
  browser_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** An exchange code of a form (spec 01 §2 `form_name`); `user_id` set once it is handed out. */
export interface ExchangeCodesTable {
  id: Generated<number>;
  form_name: string;
  code: string;
  user_id: number | null;
  claimed_at: number | null;
  created_at: number;
}

/** A one-time link that binds a phone to an account (migration 701, docs/decisions/009). */
export interface PhoneBindLinksTable {
  user_id: number;
  /** SHA-256 of the token (lib/secrets hashToken); the token itself is never stored. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Every number of users.mobile and users.second_mobile, kept by triggers (migration 701). */
export interface PhoneNumbersTable {
  mobile: string;
  user_id: number;
}

/** A mind-map company (spec 02 §3 "Enterprise (mind-map)"); times unix seconds. */
export interface CompaniesTable {
  id: Generated<number>;
  company_name: string;
  /** Seats: how many people may belong to it, the creator included. */
  num: number;
  type: CompanyTypeValue;
  /** End of a time-limited company; null for a lifelong one. */
  exp: number | null;
  /** Who created it (the user the operator named as owner). */
  creator: number;
  /** The company code that created it, once (docs/decisions/038); null when made otherwise. */
  code_id: number | null;
  created_at: number;
  updated_at: number;
}

/** A person's place in a company: 2 creator, 1 admin, 0 member (spec 02 §1). */
export interface CompanyMembersTable {
  company_id: number;
  user_id: number;
  role: 0 | 1 | 2;
  joined_at: number;
}

/** A team of the diagram (`max`) or project (`proj`) product (spec 02 §3 "Team info"). */
export interface TeamsTable {
  id: Generated<number>;
  product: TeamProduct;
  name: string;
  /** How many people may belong to it, the owner included. */
  member_limit: number;
  created_at: number;
  updated_at: number;
}

/**
 * A person's place in a team: 1 owner, 2 admin, 3 member (spec 02 §6). `product` repeats the
 * team's (a composite foreign key keeps them equal) so that one team per person and product
 * is a unique index.
 */
export interface TeamMembersTable {
  team_id: number;
  product: TeamProduct;
  user_id: number;
  role: TeamRoleValue;
  joined_at: number;
}

/**
 * One thing given to a person (docs/decisions/022): a balance's points or credit with its own
 * remainder, or a licence, subscription period, coupon, course or seats. Times unix seconds.
 */
export interface GrantsTable {
  id: Generated<number>;
  user_id: number;
  kind: GrantKind;
  item: string | null;
  amount: number | null;
  remaining: number | null;
  starts_at: number | null;
  expires_at: number | null;
  source_kind: GrantSource;
  source_id: string;
  reason: string;
  granted_at: number;
  revoked_at: number | null;
  revoke_reason: string | null;
  /** How a balance grant was acquired (AI points: the spec's acquisition label); null: other. */
  method: string | null;
}

/** One movement of a balance, never edited; a use of several grants is one row each. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: number;
  kind: BalanceKind;
  grant_id: number | null;
  delta: number;
  reason: 'grant' | 'spend' | 'revoke' | 'expire';
  reference: string | null;
  created_at: number;
}

/** A batch of redeemable codes: what each redemption gives and how often (issue 12). */
export interface CodeBatchesTable {
  id: Generated<number>;
  kind: RedeemCodeKind;
  label: string;
  /** JSON of the codes module's `Benefit`. */
  benefit: string;
  usage_limit: number;
  valid_from: number | null;
  valid_until: number | null;
  created_at: number;
  disabled_at: number | null;
}

/** A code of a batch, by its keyed digest; `uses` never passes the batch's limit. */
export interface RedeemCodesTable {
  id: Generated<number>;
  batch_id: number;
  digest: string;
  hint: string;
  uses: Generated<number>;
  created_at: number;
  disabled_at: number | null;
}

/** One account's use of one code. */
export interface CodeRedemptionsTable {
  id: Generated<number>;
  code_id: number;
  user_id: number;
  redeemed_at: number;
}

/** Every try to redeem a code, good or bad. */
export interface CodeAttemptsTable {
  id: Generated<number>;
  user_id: number | null;
  ip: string;
  code_id: number | null;
  outcome: string;
  attempted_at: number;
}

/** What a coupon is (docs/decisions/028); an account holds one as a `coupon` grant of its id. */
export interface CouponsTable {
  id: Generated<number>;
  type: CouponType;
  product: CouponProduct;
  product_type: CouponProductType;
  value: number;
  currency: Currency;
  min_spend: Generated<number>;
  info: string;
  valid_days: number | null;
  valid_until: number | null;
  created_at: number;
  /** The description in other languages: JSON language → text (docs/decisions/058). */
  info_translations: Generated<string | null>;
}

/** An account's AI point uses so far and its unlimited use (docs/decisions/030). */
export interface AiPointAccountsTable {
  user_id: number;
  usage_count: Generated<number>;
  unlimited_until: number | null;
  updated_at: number;
}

/** One use of AI points, numbered among the account's uses by `seq`. */
export interface AiPointUsagesTable {
  id: Generated<number>;
  user_id: number;
  seq: number;
  created_at: number;
  product_type: number;
  feature_code: number;
  points: number;
  after_point: number;
  unlimited: Generated<number>;
}

/** A template bought with template credit; price in fen. */
export interface TemplateCreditSpendsTable {
  id: Generated<number>;
  user_id: number;
  created_at: number;
  template_id: string;
  work_title: string;
  /** The title in other languages (docs/decisions/058); null when bought under one. */
  work_title_translations: Generated<string | null>;
  price: number;
}

/** A message to named accounts, everyone, a region or a language: one row (docs/decisions/031). */
export interface NoticesTable {
  id: Generated<number>;
  audience: NoticeAudience;
  audience_value: string | null;
  type: NotificationType;
  content: string;
  created_at: number;
  withdrawn_at: number | null;
  /** A message sent once per event (AI points expiring, per grant): unique; null for the rest. */
  event_key: Generated<string | null>;
  /** An operator's notice in other languages: JSON language → sanitised HTML (docs/decisions/058). */
  content_translations: Generated<string | null>;
  /** A product message: the kind of its text, written out when read in the reader's language. */
  kind: Generated<string | null>;
  /** A product message's values (JSON object); null for an operator's notice. */
  params: Generated<string | null>;
}

export interface NoticeRecipientsTable {
  notice_id: number;
  user_id: number;
}

export interface NoticeReadsTable {
  user_id: number;
  notice_id: number;
  read_at: number;
}

/** A course of the academy (spec 01 §3); who holds one is a `course` grant of its id. */
export interface CoursesTable {
  id: string;
  name: string;
  product: CourseProduct;
  sale_way: CourseSaleWay;
  /** Fen; 0 for a free course. */
  price: number;
  link_url: string;
  cover_url: string | null;
  created_at: number;
  updated_at: number;
  /** The name in other languages: JSON language → text (docs/decisions/058). */
  name_translations: Generated<string | null>;
}

/** A movement of a template author's income (docs/decisions/034); fen, never edited. */
export interface IncomeEntriesTable {
  id: Generated<number>;
  user_id: number;
  product: IncomeProduct;
  kind: IncomeKind;
  /** What it adds to the author's income (negative for a reversal) = gross - fee. */
  amount: number;
  gross: number;
  fee: number;
  source_id: string;
  title: string;
  description: string;
  created_at: number;
  /** From when it can be withdrawn. */
  available_at: number;
  reverses_id: number | null;
  /** The title in other languages: JSON language → text (docs/decisions/058). */
  title_translations: Generated<string | null>;
}

/** A request to pay income out to an Alipay account (spec 01 §3 "Withdrawal request"). */
export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  /** Fen. */
  amount: number;
  state: WithdrawalState;
  zfb: string;
  name: string;
  mobile: string;
  identity_card_cipher: string;
  identity_card_mask: string;
  created_at: number;
  /** YYYY-MM-DD in China. */
  payout_on: string;
  settled_at: number | null;
  transfer_reference: string | null;
  failure_reason: string | null;
  /** A payout made by hand for a failed withdrawal of a closed account: the failed one's id. */
  repays_id: number | null;
}

/** A plan of a team (spec 02 §3 "Team plan"): seats for its members. */
export interface TeamPlansTable {
  id: Generated<number>;
  team_id: number;
  type: TeamPlanType;
  max_num: number;
  /** Seats taken, kept by the database from the seat rows. */
  plan_num: Generated<number>;
  /** Null: never expires. */
  expire: number | null;
  grant_id: number | null;
  created_at: number;
  updated_at: number;
}

/** A member authorized on a plan: one seat, and the licence grant it gives. */
export interface TeamPlanSeatsTable {
  plan_id: number;
  team_id: number;
  user_id: number;
  licence_grant_id: number;
  created_at: number;
}

/** An order waiting to be paid, and what became of it (docs/decisions/037). Amounts in minor units. */
export interface CheckoutsTable {
  id: Generated<number>;
  out_trade_no: string;
  user_id: number;
  item: string;
  kind: CheckoutItemKind;
  product: PersonalPlanProduct | null;
  quantity: number;
  method: PaymentMethod;
  provider: string;
  region: 'domestic' | 'overseas';
  currency: Currency;
  list_amount: number;
  discount: number;
  amount: number;
  coupon_grant_id: number | null;
  state: CheckoutState;
  provider_ref: string | null;
  pay_url: string | null;
  qr_content: string | null;
  renews: string | null;
  /** The company a business payment made or grows (docs/decisions/038). */
  company_id: number | null;
  /** For an existing company: a longer term or more seats; null for a new company or anything else. */
  company_change: 'time' | 'seats' | null;
  /** The diagram or project team a business payment buys seats for (docs/decisions/040); no foreign key. */
  team_id: number | null;
  /**
   * A company's term or seats: the seats it had and the end it ran to (null: lifelong) when
   * priced; fulfilment gives exactly that or refuses (docs/decisions/052). Null otherwise.
   */
  priced_seats: Generated<number | null>;
  priced_end: Generated<number | null>;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  fulfilled_at: number | null;
  closed_at: number | null;
  refunded_at: number | null;
  refund_note: string | null;
  updated_at: number;
}

export type PaymentNotificationOutcome =
  | 'fulfilled'
  | 'duplicate'
  | 'bad_signature'
  | 'bad_amount'
  | 'unknown'
  | 'refunded'
  | 'ignored'
  | 'no_account'
  | 'refused';

/** A notification a payment provider sent, verified or not, and what was done with it. */
export interface PaymentNotificationsTable {
  id: Generated<number>;
  provider: string;
  out_trade_no: string | null;
  event: string | null;
  outcome: PaymentNotificationOutcome;
  detail: string | null;
  received_at: number;
}

export type PaymentReviewKind = 'refused' | 'coupon_spent';

/**
 * A payment an operator must see (docs/decisions/052): refused at fulfilment (what it was priced
 * for had changed), or a discount whose coupon was spent by another checkout. Once per kind.
 */
export interface PaymentReviewsTable {
  id: Generated<number>;
  out_trade_no: string;
  kind: PaymentReviewKind;
  amount: number;
  currency: Currency;
  detail: string;
  created_at: number;
}

export type SandboxPaymentState = 'pending' | 'paid' | 'cancelled' | 'closed' | 'refunded';

/** The sandbox provider's own record of a payment it was asked to collect. */
export interface SandboxPaymentsTable {
  id: Generated<number>;
  ref: string;
  out_trade_no: string;
  amount: number;
  currency: Currency;
  method: PaymentMethod;
  description: string;
  notify_url: string;
  state: SandboxPaymentState;
  refunded: Generated<number>;
  agreement: Generated<number>;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  updated_at: number;
  /** The language of the checkout that opened it, which its pay page speaks; null before it was kept. */
  language: Generated<Language | null>;
}

/** A notification the sandbox provider owes the server, retried until acknowledged. */
export interface SandboxNotificationsTable {
  id: Generated<number>;
  out_trade_no: string;
  notify_url: string;
  body: string;
  attempts: Generated<number>;
  next_at: number;
  delivered_at: number | null;
  last_result: string | null;
  created_at: number;
}
