// The top bar's microphone and sound switches, shown while we sit in voice (DESIGN: top bar).
import { useVoice } from './store.js';
import { DeafenButton, MuteButton } from './SwitchButtons.jsx';
import { t } from '../../lib/i18n.js';

export default function TopBarVoice() {
  const inVoice = useVoice((voice) => voice.status === 'connected');
  if (!inVoice) return null;
  return (
    <span className="topbar-voice" role="group" aria-label={t('Голосовая связь')}>
      <MuteButton />
      <DeafenButton />
    </span>
  );
}
