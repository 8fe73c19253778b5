/**
 * Messages (spec 01 §2 "Messages screen", §3 "Message/notification", §4 "Notifications"):
 * notices to one person or to many, each person's read state kept apart.
 */

/** A notice's `type`: from the product itself (system), or anything else. */
export const notificationTypes = ['system', 'other'] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** Who a notice is for: named accounts, everyone, one region's accounts or one language's. */
export const noticeAudiences = ['users', 'all', 'region', 'language'] as const;
export type NoticeAudience = (typeof noticeAudiences)[number];

/** The HTML a notice's content may hold (issue 15): paragraphs, bold, line breaks, links. */
export const NOTICE_TAGS = ['p', 'b', 'strong', 'br', 'a'] as const;
/** The only link schemes a notice may carry. */
export const NOTICE_LINK_SCHEMES = ['http', 'https'] as const;
export const NOTICE_CONTENT_MAX_LENGTH = 10_000;

/** Messages a page: the spec names no size for messages (§9), the screens of lists use ten. */
export const NOTIFICATION_PAGE_SIZE = 10;
