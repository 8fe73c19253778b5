/**
 * The purchase screen's address, `/buy`, and the query parameters that preselect what it offers:
 * `kind` (the tab), `item` (a catalogue key such as `personal.oneYear`) and `product` (`max` or
 * `mind`, for a personal plan), or `company` (a company's id) with `change` (`time` or `seats`)
 * for a mind-map company's term or seats (spec 02 §4), or `team` (`max` or `proj`) for seats of
 * the user's team of that product (spec 02 §8, the upgrade prompt). Screens that sell through it link here; the
 * screen reads the same names. The rest of the query string is kept, as every navigation of the app keeps it (spec 01
 * §2: it carries the build).
 */

const BUY_PATH = '/buy';
const choiceParams = ['kind', 'item', 'product', 'company', 'change', 'team'] as const;

/** What a link to the purchase screen preselects; as written in the address, not yet checked. */
export type BuyChoice = Partial<Record<(typeof choiceParams)[number], string>>;

function withoutChoice(search: string): URLSearchParams {
  const query = new URLSearchParams(search);
  for (const name of choiceParams) query.delete(name);
  return query;
}

const withQuery = (path: string, query: URLSearchParams) => {
  const text = query.toString();
  return `${path}${text ? `?${text}` : ''}`;
};

/** The purchase screen preselecting `choice`, keeping the rest of the current query string. */
export function buyHref(search: string, choice: BuyChoice): string {
  const query = withoutChoice(search);
  for (const name of choiceParams) {
    const value = choice[name];
    if (value) query.set(name, value);
  }
  return withQuery(BUY_PATH, query);
}

/** The choice an address preselects. */
export function readBuyChoice(search: string): BuyChoice {
  const query = new URLSearchParams(search);
  const choice: BuyChoice = {};
  for (const name of choiceParams) {
    const value = query.get(name)?.trim();
    if (value) choice[name] = value;
  }
  return choice;
}

/** Another screen's address from the purchase screen: its choice does not follow the visitor there. */
export function screenLink(path: string, search: string): string {
  return withQuery(path, withoutChoice(search));
}
