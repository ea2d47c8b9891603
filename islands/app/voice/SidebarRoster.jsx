// Under each voice channel of the sidebar: who sits there, with muted/deafened marks and a ring
// while they speak, beside each one's picture. Names are text nodes: nothing a user types becomes markup.
import Avatar from '../chat/Avatar.jsx';
import { personName, seatPerson } from '../ui/person.js';
import PersonName from '../ui/PersonName.jsx';
import { useVoice, myId } from './store.js';
import StateIcons from './StateIcons.jsx';
import { useRoster } from './roster.js';
import { lang, t } from '../../lib/i18n.js';

export default function SidebarRoster({ channelId }) {
  const seats = useRoster((roster) => roster.channels[channelId]);
  const localSpeaking = useVoice((voice) => voice.speaking && !voice.muted && voice.channel?.id === channelId);
  const people = Object.values(seats ?? {}).sort((a, b) => personName(seatPerson(a)).localeCompare(personName(seatPerson(b)), lang));
  if (!people.length) return null;
  const me = myId();
  return (
    <ul className="voice-roster__list" aria-label={t('В голосовом канале')}>
      {people.map((state) => {
        const speaking = state.userId === me ? localSpeaking : Boolean(state.speaking) && !state.muted;
        return (
          <li key={state.userId} className={`voice-roster__person${speaking ? ' is-speaking' : ''}`} data-user-id={state.userId}>
            <span className="voice-roster__initial" aria-hidden="true">
              <Avatar author={seatPerson(state)} size={20} />
            </span>
            <PersonName person={seatPerson(state)} className="truncate" />
            {speaking && <span className="sr-only">{t('говорит')}</span>}
            <StateIcons state={state} size={14} />
          </li>
        );
      })}
    </ul>
  );
}
