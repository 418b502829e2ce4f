import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { ChatFrame } from '../../../api/generated/types.gen';
import { currentToken, useSession } from '../../../lib/session';
import { addMessage, notePeerRead } from '../api/chat';
import { chatKeys } from '../api/keys';
import { coalescingRefresher } from '../refresh';
import { chatSocketUrl, connectChatSocket, type ChatSocket } from '../socket';
import { clearTyping, noteTyping } from '../typing';

const SocketContext = createContext<ChatSocket | null>(null);

/** The tab's chat socket, for telling the peer the member is typing (null while signed out). */
export function useChatSocket(): ChatSocket | null {
  return useContext(SocketContext);
}

/**
 * Keeps one chat socket per tab while a member is signed in and brings its frames into the query
 * cache: new messages into their conversation, read marks, the list and the header's badge (those
 * two fetched again once for a burst of frames, such as a catch-up).
 */
export function ChatSocketBridge({ children }: { children: ReactNode }) {
  const viewer = useSession()?.user.uuid;
  const queryClient = useQueryClient();
  const [socket, setSocket] = useState<ChatSocket | null>(null);

  useEffect(() => {
    if (!viewer) return undefined;
    const { refresh, cancel } = coalescingRefresher(queryClient);
    const onFrame = (frame: ChatFrame) => {
      switch (frame.type) {
        case 'message':
          addMessage(queryClient, viewer, frame.message);
          if (frame.message.senderUuid !== viewer) clearTyping(frame.message.senderUuid);
          refresh(chatKeys.conversations(viewer));
          refresh(chatKeys.unread(viewer));
          break;
        case 'read':
          if (frame.readerUuid === viewer) {
            refresh(chatKeys.conversations(viewer));
            refresh(chatKeys.unread(viewer));
          } else {
            notePeerRead(queryClient, viewer, frame.readerUuid, frame.lastReadId);
          }
          break;
        case 'typing':
          noteTyping(frame.fromUuid);
          break;
        case 'resync':
          refresh([...chatKeys.all, viewer]);
          break;
        default:
          break;
      }
    };
    const connected = connectChatSocket({ url: chatSocketUrl(window.location), token: currentToken, onFrame });
    setSocket(connected);
    return () => {
      connected.close();
      cancel();
      setSocket(null);
    };
  }, [viewer, queryClient]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}
