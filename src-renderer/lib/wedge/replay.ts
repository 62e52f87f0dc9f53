/** What is kept of a held keydown so it can be given back as typing. */
export interface HeldKeyInit {
  target: EventTarget;
  init: KeyboardEventInit;
}

export function captureKey(event: KeyboardEvent): HeldKeyInit {
  return {
    target: event.target ?? window,
    init: {
      key: event.key,
      code: event.code,
      location: event.location,
      shiftKey: event.shiftKey,
      bubbles: true,
      cancelable: true,
      composed: true,
    },
  };
}

const isTextInput = (el: EventTarget): el is HTMLInputElement | HTMLTextAreaElement =>
  el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement;

/**
 * Gives a held key back as typing: the page's own keydown listeners see it again (as an
 * untrusted copy, which the detector ignores), and unless one of them cancels it, its character
 * goes into the field it was typed in, with the `input` event frameworks bind to. True when the
 * key did something a person notices: a listener took it, it pressed a button or typed text.
 */
export function replayKey(held: HeldKeyInit): boolean {
  const copy = new KeyboardEvent('keydown', held.init);
  held.target.dispatchEvent(copy);
  if (copy.defaultPrevented) return true;
  // A held Space loses the native press it would have given a focused button (an untrusted
  // keydown activates nothing), so the replay presses it.
  if (held.init.key === ' ' && held.target instanceof HTMLButtonElement) {
    if (held.target.disabled) return false;
    held.target.click();
    return true;
  }
  return insertText(held.target, held.init.key ?? '');
}

/** Types `text` into `target` when it is an editable field; true when it did. */
export function insertText(target: EventTarget, text: string): boolean {
  if (text === '') return false;
  if (isTextInput(target)) {
    if (target.disabled || target.readOnly) return false;
    // execCommand keeps undo history and maxlength, but only acts on the focused element.
    if (document.activeElement === target && document.execCommand('insertText', false, text))
      return true;
    try {
      const start = target.selectionStart ?? target.value.length;
      const end = target.selectionEnd ?? start;
      target.setRangeText(text, start, end, 'end');
    } catch {
      // email and number inputs have no selection API; appending is what typing would do at the end.
      target.value += text;
    }
    target.dispatchEvent(
      new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }),
    );
    return true;
  }
  if (
    target instanceof HTMLElement &&
    target.isContentEditable &&
    document.activeElement === target
  ) {
    return document.execCommand('insertText', false, text);
  }
  return false;
}
