import { useEffect, useRef } from 'react';
import { createKeyBuffer, isTypingTarget } from './key-buffer';

/**
 * A handheld scanner types the code and Enter: caught anywhere on the page but in a form field.
 * Enter with no code before it goes to `onEnter` (it closes the answer on screen).
 */
export function useHidScanner(onCode: (code: string) => void, onEnter: () => void) {
  const handlers = useRef({ onCode, onEnter });
  useEffect(() => {
    handlers.current = { onCode, onEnter };
  });
  useEffect(() => {
    const buffer = createKeyBuffer();
    function onKeyDown(event: KeyboardEvent) {
      if (isTypingTarget(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const code = buffer.push(event.key, event.timeStamp);
      if (code) {
        event.preventDefault();
        handlers.current.onCode(code);
      } else if (event.key === 'Enter') handlers.current.onEnter();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
