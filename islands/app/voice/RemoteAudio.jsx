// The sound of each other participant: one hidden <audio> per person, at their volume (0 when we
// are deafened), on the chosen speakers. It lives in the voice bar's island, so browsing other
// channels and servers never stops it.
import { useEffect, useRef } from 'react';
import { useVoice } from './store.js';

function PersonAudio({ userId, stream }) {
  const audio = useRef(null);
  // Someone the server mutes (a timeout) is not played, whatever their browser still sends.
  const volume = useVoice((voice) => (voice.deafened || voice.participants[userId]?.serverMuted ? 0 : voice.volumes[userId] ?? 1));
  const outputId = useVoice((voice) => voice.outputId);
  useEffect(() => {
    const element = audio.current;
    if (element.srcObject !== stream) element.srcObject = stream;
    element.play?.().catch(() => {}); // allowed: joining was a click
  }, [stream]);
  useEffect(() => { audio.current.volume = volume; }, [volume]);
  useEffect(() => {
    audio.current.setSinkId?.(outputId).catch(() => {});
  }, [outputId]);
  return <audio ref={audio} autoPlay data-user-id={userId} />;
}

export default function RemoteAudio() {
  const remote = useVoice((voice) => voice.remote);
  return (
    <div hidden>
      {Object.entries(remote).filter(([, streams]) => streams.audio).map(([userId, streams]) => (
        <PersonAudio key={userId} userId={Number(userId)} stream={streams.audio} />
      ))}
    </div>
  );
}
