const HIDDEN = '•••';

/**
 * An address as the receipt screen may show it: enough for the patron to recognise their own,
 * never the whole of it for whoever stands behind them. The first character of the name and of
 * the domain, and the domain's last label: `amara.okafor@example.org` is `a•••@e•••.org`.
 */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf('@');
  const local = at > 0 ? address.slice(0, at) : address;
  const domain = at > 0 ? address.slice(at + 1) : '';
  const labels = domain.split('.').filter((label) => label !== '');
  const top = labels.length > 1 ? `.${labels.at(-1) ?? ''}` : '';
  const first = (text: string): string => [...text][0] ?? '';
  return `${first(local)}${HIDDEN}@${first(labels[0] ?? '')}${HIDDEN}${top}`;
}
