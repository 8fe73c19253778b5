/** Phone mask: first 3 and last 4 digits with `****` between (spec 01 §2). */
export function maskPhone(phone: string): string {
  if (phone.length < 7) return phone;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** E-mail mask: first 2 characters then `****` (spec 01 §2). */
export function maskEmail(email: string): string {
  if (!email) return email;
  return `${email.slice(0, 2)}****`;
}
