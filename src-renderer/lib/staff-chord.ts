/** Staff mode opens with Ctrl+Alt+S: a chord a patron does not press by accident. */
export function staffChord(event: Pick<KeyboardEvent, 'ctrlKey' | 'altKey' | 'key'>): boolean {
  return event.ctrlKey && event.altKey && event.key.toLowerCase() === 's';
}
