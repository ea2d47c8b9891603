// A chat view makes the jump asked for its channel once its first page is on screen.
import { useEffect } from 'react';
import { goToMessage, useJump } from './jump.js';
import { channelOf, useChat } from './store.js';

export default function useJumpToMessage(channelId) {
  const target = useJump((state) => state.target);
  const ready = useChat((state) => channelOf(state, channelId).status === 'ready');
  useEffect(() => {
    if (!ready || !target || target.channelId !== channelId) return;
    useJump.setState({ target: null });
    goToMessage(channelId, target.messageId);
  }, [ready, target, channelId]);
}
