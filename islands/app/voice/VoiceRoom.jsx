// Inside a voice channel (or a DM call): the screen shares and cameras on top, a card per
// participant, and the control row.
import MediaTile from './MediaTile.jsx';
import ParticipantCard from './ParticipantCard.jsx';
import { myId, useVoice } from './store.js';
import VoiceControls from './VoiceControls.jsx';
import { personName, seatPerson } from '../ui/person.js';
import { lang, t } from '../../lib/i18n.js';

/** Ourselves first, then everyone else by name. */
function ordered(participants, me) {
  return Object.values(participants).sort((a, b) => (a.userId === me ? -1 : b.userId === me ? 1
    : personName(seatPerson(a)).localeCompare(personName(seatPerson(b)), lang)));
}

function Tiles({ people, me }) {
  const remote = useVoice((voice) => voice.remote);
  const localCamera = useVoice((voice) => voice.localCamera);
  const localScreen = useVoice((voice) => voice.localScreen);
  const tiles = [];
  for (const person of people) {
    const self = person.userId === me;
    const streams = self ? { camera: localCamera, screen: localScreen } : remote[person.userId] ?? {};
    // A tile shows while its owner says it is on and its stream is here.
    if (person.screen && streams.screen) tiles.push({ key: `s${person.userId}`, kind: 'screen', stream: streams.screen, person, self });
    if (person.video && streams.camera) tiles.push({ key: `c${person.userId}`, kind: 'camera', stream: streams.camera, person, self });
  }
  if (!tiles.length) return null;
  return (
    <div className="voice-tiles">
      {tiles.map((tile) => (
        <MediaTile key={tile.key} kind={tile.kind} stream={tile.stream} name={personName(seatPerson(tile.person))} self={tile.self} />
      ))}
    </div>
  );
}

export default function VoiceRoom() {
  const participants = useVoice((voice) => voice.participants);
  const me = myId();
  const people = ordered(participants, me);
  return (
    <div className="voice-room">
      <Tiles people={people} me={me} />
      <ul className="voice-cards" aria-label={t('Участники')}>
        {people.map((state) => <ParticipantCard key={state.userId} state={state} self={state.userId === me} />)}
      </ul>
      <VoiceControls />
    </div>
  );
}
