// The top bar's microphone and sound switches, shown while we sit in voice (DESIGN: top bar).
import { useVoice } from './store.js';
import { DeafenButton, MuteButton } from './SwitchButtons.jsx';

export default function TopBarVoice() {
  const inVoice = useVoice((voice) => voice.status === 'connected');
  if (!inVoice) return null;
  return (
    <span className="topbar-voice" role="group" aria-label="Голосовая связь">
      <MuteButton />
      <DeafenButton />
    </span>
  );
}
