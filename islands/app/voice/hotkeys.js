// Ctrl+M (microphone) and Ctrl+D (sound) while in voice; by key position, so a Russian layout
// (where those keys type 'ь' and 'в') works too. Outside voice the browser keeps its own Ctrl+D.
import { useEffect } from 'react';
import { toggleDeafen, toggleMute } from './session.js';
import { voiceState } from './store.js';

const ACTIONS = { KeyM: toggleMute, KeyD: toggleDeafen };

export default function useVoiceHotkeys() {
  useEffect(() => {
    const onKey = (event) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.defaultPrevented) return;
      const action = ACTIONS[event.code];
      if (!action || voiceState().status !== 'connected') return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
