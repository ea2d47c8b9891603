// A chat view makes the jump asked for its channel once its first page is on screen. Opened
// without one, a channel still holding a window of its past (from an earlier jump) shows the
// present again.
import { useEffect } from 'react';
import { goToMessage, jumpToPresent, useJump } from './jump.js';
import { channelOf, useChat } from './store.js';

export default function useJumpToMessage(channelId) {
  const target = useJump((state) => state.target);
  const ready = useChat((state) => channelOf(state, channelId).status === 'ready');
  useEffect(() => {
    const jumping = useJump.getState().target?.channelId === channelId;
    if (jumping || !channelOf(useChat.getState(), channelId).hasNewer) return;
    jumpToPresent(channelId);
  }, [channelId]);
  useEffect(() => {
    if (!ready || !target || target.channelId !== channelId) return;
    useJump.setState({ target: null });
    goToMessage(channelId, target.messageId);
  }, [ready, target, channelId]);
}
