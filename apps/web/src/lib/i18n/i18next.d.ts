import type account from '../../locales/en/account.json';
import type accountClose from '../../locales/en/accountClose.json';
import type accountCropper from '../../locales/en/accountCropper.json';
import type accountExchange from '../../locales/en/accountExchange.json';
import type accountIdentity from '../../locales/en/accountIdentity.json';
import type accountPhone from '../../locales/en/accountPhone.json';
import type aipoint from '../../locales/en/aipoint.json';
import type aipointFeatures from '../../locales/en/aipointFeatures.json';
import type auth from '../../locales/en/auth.json';
import type bind from '../../locales/en/bind.json';
import type boot from '../../locales/en/boot.json';
import type checkout from '../../locales/en/checkout.json';
import type common from '../../locales/en/common.json';
import type coupon from '../../locales/en/coupon.json';
import type course from '../../locales/en/course.json';
import type devices from '../../locales/en/devices.json';
import type errors from '../../locales/en/errors.json';
import type header from '../../locales/en/header.json';
import type message from '../../locales/en/message.json';
import type order from '../../locales/en/order.json';
import type property from '../../locales/en/property.json';
import type shell from '../../locales/en/shell.json';
import type team from '../../locales/en/team.json';
import type template from '../../locales/en/template.json';

/**
 * Types every `t('namespace:key')` call against the English files, the reference language.
 * A namespace file added under locales/en/ is listed here too (translations.test.ts checks).
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    // Listing every namespace (common first, the one unprefixed keys come from) lets any `t`
    // take `namespace:key` without each component naming its namespaces. At run time the
    // default namespace is 'common'; all namespaces are loaded before the first render.
    defaultNS: [
      'common',
      'account',
      'accountClose',
      'accountCropper',
      'accountExchange',
      'accountIdentity',
      'accountPhone',
      'aipoint',
      'aipointFeatures',
      'auth',
      'bind',
      'boot',
      'checkout',
      'coupon',
      'course',
      'devices',
      'errors',
      'header',
      'message',
      'order',
      'property',
      'shell',
      'team',
      'template',
    ];
    returnNull: false;
    resources: {
      account: typeof account;
      accountClose: typeof accountClose;
      accountCropper: typeof accountCropper;
      accountExchange: typeof accountExchange;
      accountIdentity: typeof accountIdentity;
      accountPhone: typeof accountPhone;
      aipoint: typeof aipoint;
      aipointFeatures: typeof aipointFeatures;
      auth: typeof auth;
      bind: typeof bind;
      boot: typeof boot;
      checkout: typeof checkout;
      common: typeof common;
      coupon: typeof coupon;
      course: typeof course;
      devices: typeof devices;
      errors: typeof errors;
      header: typeof header;
      message: typeof message;
      order: typeof order;
      property: typeof property;
      shell: typeof shell;
      team: typeof team;
      template: typeof template;
    };
  }
}
