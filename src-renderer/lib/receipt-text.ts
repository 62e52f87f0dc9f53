/**
 * The printed slip as the plain text of an e-mail: the same words, so what the patron reads at
 * home is what a printed receipt would say, whatever the slip shows (ReceiptSlip.svelte is the
 * one place receipts are worded). Headings and paragraphs a line each, a blank line before each
 * heading; each item numbered, what the slip says of it under it, indented.
 */
export function receiptText(slip: Element): string {
  const lines: string[] = [];
  const words = (node: Element): string => (node.textContent ?? '').replace(/\s+/g, ' ').trim();
  for (const node of Array.from(slip.children)) {
    if (node.tagName === 'OL' || node.tagName === 'UL') {
      Array.from(node.children).forEach((item, index) => {
        const [title, ...more] = Array.from(item.children).map(words).filter(Boolean);
        lines.push(`${index + 1}. ${title ?? words(item)}`, ...more.map((part) => `   ${part}`));
      });
      continue;
    }
    const text = words(node);
    if (!text) continue;
    if (/^H[1-6]$/.test(node.tagName) && lines.length > 0) lines.push('');
    lines.push(text);
  }
  return `${lines.join('\n')}\n`;
}
