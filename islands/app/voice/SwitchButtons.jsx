// The microphone and sound switches, used by the voice view, the voice bar and the top bar; their
// keys, named in the title, are the shortcut registry's.
import HeadphoneOff from 'lucide-react/icons/headphone-off';
import Headphones from 'lucide-react/icons/headphones';
import Mic from 'lucide-react/icons/mic';
import MicOff from 'lucide-react/icons/mic-off';
import { toggleDeafen, toggleMute } from './session.js';
import { useVoice } from './store.js';
import { t } from '../../lib/i18n.js';
import { ariaKeysOf, keysOf } from '../shortcuts/registry.js';

export function MuteButton({ className = 'icon-button', size = 20 }) {
  const muted = useVoice((voice) => voice.muted);
  const serverMuted = useVoice((voice) => voice.serverMuted);
  const label = serverMuted ? t('Микрофон отключён модератором') : muted ? t('Включить микрофон') : t('Выключить микрофон');
  return (
    <button type="button" className={`${className} voice-switch${muted ? ' is-off' : ''}`} onClick={toggleMute}
      aria-pressed={muted} aria-label={label} title={`${label} (${keysOf('mute')})`} aria-keyshortcuts={ariaKeysOf('mute')} data-voice="mute">
      {muted ? <MicOff size={size} aria-hidden="true" /> : <Mic size={size} aria-hidden="true" />}
    </button>
  );
}

export function DeafenButton({ className = 'icon-button', size = 20 }) {
  const deafened = useVoice((voice) => voice.deafened);
  const label = deafened ? t('Включить звук') : t('Выключить звук');
  return (
    <button type="button" className={`${className} voice-switch${deafened ? ' is-off' : ''}`} onClick={toggleDeafen}
      aria-pressed={deafened} aria-label={label} title={`${label} (${keysOf('deafen')})`} aria-keyshortcuts={ariaKeysOf('deafen')} data-voice="deafen">
      {deafened ? <HeadphoneOff size={size} aria-hidden="true" /> : <Headphones size={size} aria-hidden="true" />}
    </button>
  );
}
