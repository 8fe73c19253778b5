/**
 * The optional personal details of a users row, all empty: what a new account starts with and
 * what closing an account leaves (its e-mail, phones and nickname are set by each on its own).
 */
export const noPersonalDetails = {
  avatar_url: null,
  profile: null,
  birthday: null,
  sex: null,
  country: null,
  language: null,
} as const;
