// One person in the voice channel: avatar or initial, name ('Это вы' for ourselves), the speaking
// ring and 'говорит', muted/deafened marks, and for others a volume slider (0–1, this tab only).
import Avatar from '../chat/Avatar.jsx';
import { seatPerson } from '../ui/person.js';
import { usePersonName } from '../ui/PersonName.jsx';
import { setVolume } from './session.js';
import StateIcons from './StateIcons.jsx';
import { useVoice } from './store.js';
import { TEXTS } from './texts.js';
import { t } from '../../lib/i18n.js';

export default function ParticipantCard({ state, self }) {
  const localSpeaking = useVoice((voice) => voice.speaking && !voice.muted);
  const volume = useVoice((voice) => voice.volumes[state.userId] ?? 1);
  const speaking = self ? localSpeaking : Boolean(state.speaking) && !state.muted;
  const person = seatPerson(state);
  const name = usePersonName(person, state.username);
  return (
    <li className={`voice-card${speaking ? ' is-speaking' : ''}`} data-user-id={state.userId}
      data-username={state.username}>
      <span className="voice-card__avatar"><Avatar author={person} size={64} /></span>
      <span className="voice-card__name truncate">{name}</span>
      <span className="voice-card__line">
        {self && <span className="voice-card__you">{TEXTS.you}</span>}
        {speaking && <span className="voice-card__speaking">{TEXTS.speaking}</span>}
        <StateIcons state={state} />
      </span>
      {!self && (
        <label className="voice-card__volume">
          <span className="sr-only">{t('Громкость: {name}', { name })}</span>
          <input type="range" min="0" max="1" step="0.05" value={volume}
            onChange={(event) => setVolume(state.userId, Number(event.target.value))} />
        </label>
      )}
    </li>
  );
}
