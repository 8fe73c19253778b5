import { defineSettings } from '../../lib/settings.js';

export interface CompaniesSettings {
  /**
   * Customer service's contact for company administrators (`COMPANY_CONTACT_URL`), shown as a QR
   * code on the enterprise settings tab (spec 02 §2); none when unset in production.
   */
  companyContactUrl: string | null;
}

/** Where development and demo builds send company administrators for customer service. */
const DEMO_COMPANY_CONTACT_URL = 'https://support.example.com/enterprise';

export const companiesSettings = defineSettings<CompaniesSettings>({
  module: 'companies',
  variables: [
    {
      name: 'COMPANY_CONTACT_URL',
      default: 'a sample address (none in production)',
      meaning:
        "customer service's contact for company administrators, shown as a QR code on the enterprise settings tab",
    },
  ],
  read: (reader, server) => {
    const value = reader.env.COMPANY_CONTACT_URL?.trim();
    if (!value) return { companyContactUrl: server.production ? null : DEMO_COMPANY_CONTACT_URL };
    if (!/^https?:\/\/\S+$/.test(value) || value.length > 500) {
      reader.problem('COMPANY_CONTACT_URL must be an http(s) address of at most 500 characters');
      return { companyContactUrl: null };
    }
    return { companyContactUrl: value };
  },
});
