/** The exchange-code dialog the `form_name` launch parameter opens (spec 01 §2, §8). */
export function ExchangeCodeLauncher() {
  return null;
}
