import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { StaffChatSummary } from '@portal/contracts';
import { selectSessionUser, useAppSelector } from '@portal/store';
import { UserText } from '@portal/ui/user-text';
import { ListSkeleton } from '../../components/ListSkeleton';
import { LoadError } from '../../components/LoadError';
import { formatRelative } from '../../format/format';
import { ChatConversation } from './ChatConversation';
import { chatStateLabel } from './chat-labels';
import { useStaffChatsQuery } from './chats-api';
import { useStaffChats } from './useStaffChats';

/** At most this many chats open side by side as tabs; opening another replaces the oldest. */
const MAX_OPEN = 6;

const liveText = { connecting: 'Connecting…', live: 'Live', paused: 'Live updates paused' } as const;

function ChatRow({
  chat,
  mine,
  unread,
  typing,
  current,
  onOpen,
}: {
  chat: StaffChatSummary;
  mine: boolean;
  unread: number;
  typing: boolean;
  current: boolean;
  onOpen(): void;
}) {
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Button
        onClick={onOpen}
        color="inherit"
        aria-current={current ? 'true' : undefined}
        sx={{
          width: '100%',
          justifyContent: 'flex-start',
          textAlign: 'left',
          textTransform: 'none',
          display: 'grid',
          gap: 0.25,
          px: 1.5,
          py: 1,
          borderRadius: 1.5,
          bgcolor: current ? 'action.selected' : undefined,
        }}
      >
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
          <Typography
            variant="body2"
            sx={{ fontWeight: unread ? 700 : 500, flexGrow: 1, minWidth: 0 }}
            noWrap
          >
            <UserText>{chat.preview}</UserText>
          </Typography>
          {unread > 0 && (
            <Chip
              size="small"
              color="primary"
              label={`${unread} unread`}
              aria-label={`${unread} unread messages`}
            />
          )}
        </Box>
        <Typography variant="caption" color="text.secondary">
          {chatStateLabel(chat.state, mine)} · {typing ? 'typing… · ' : ''}
          {formatRelative(chat.lastMessageAt)}
        </Typography>
      </Button>
    </Box>
  );
}

/**
 * The Chats page (ADR 0236): being here puts the staffer online for customers' live chat. On the
 * left the waiting chats (oldest first), the active ones and those ended today, with unread counts and
 * who is typing; on the right the chats opened from it, several at once as tabs, each with the
 * customer's organization, plan and open tickets beside the conversation.
 */
export default function ChatsPage() {
  const me = useAppSelector(selectSessionUser);
  const [open, setOpen] = useState<string[]>([]);
  const [shown, setShown] = useState<string | null>(null);
  const live = useStaffChats(shown);
  const list = useStaffChatsQuery();

  const openChat = (id: string) => {
    setOpen((now) => (now.includes(id) ? now : [...now, id].slice(-MAX_OPEN)));
    setShown(id);
    live.markRead(id);
  };
  const closeTab = (id: string) => {
    const rest = open.filter((each) => each !== id);
    setOpen(rest);
    if (shown === id) setShown(rest.at(-1) ?? null);
  };

  const chats = list.data?.chats ?? [];
  const groups = [
    { title: 'Waiting', chats: chats.filter((chat) => chat.state === 'waiting') },
    { title: 'Active', chats: chats.filter((chat) => chat.state === 'active') },
    {
      title: 'Ended today',
      chats: chats.filter((chat) => chat.state === 'closed' || chat.state === 'converted'),
    },
  ];
  const label = (id: string) => {
    const chat = chats.find((each) => each.id === id);
    const text = chat ? chat.preview.slice(0, 24) + (chat.preview.length > 24 ? '…' : '') : 'Chat';
    const unread = live.unread[id] ?? 0;
    return unread > 0 ? (
      <Badge color="primary" badgeContent={unread} aria-label={`${text}, ${unread} unread`}>
        <Box component="span" sx={{ pr: 1.5 }}>
          {text}
        </Box>
      </Badge>
    ) : (
      text
    );
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' },
      }}
    >
      <Box
        component="section"
        aria-label="Chats"
        sx={{ display: 'grid', gap: 1.5, alignContent: 'start', minWidth: 0 }}
      >
        <Typography variant="body2" color="text.secondary" role="status">
          You are online for chat while this page is open · {liveText[live.state]}
          {list.data ? ` · ${list.data.staffOnline} staff online` : ''}
        </Typography>
        {list.isLoading && <ListSkeleton label="Loading chats" />}
        {list.isError && (
          <LoadError
            title="We could not load the chats."
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        )}
        {list.data &&
          groups.map((group) => (
            <Box key={group.title} component="section" aria-label={`${group.title} chats`}>
              <Typography variant="overline" component="h3" color="text.secondary">
                {group.title} ({group.chats.length})
              </Typography>
              {group.chats.length === 0 ? (
                <Typography variant="body2" color="text.secondary" sx={{ px: 1.5 }}>
                  {group.title === 'Waiting' ? 'No one is waiting.' : 'None.'}
                </Typography>
              ) : (
                <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 0.5 }}>
                  {group.chats.map((chat) => (
                    <ChatRow
                      key={chat.id}
                      chat={chat}
                      mine={chat.staffId === me?.id}
                      unread={live.unread[chat.id] ?? 0}
                      typing={live.typing.has(chat.id)}
                      current={chat.id === shown}
                      onOpen={() => openChat(chat.id)}
                    />
                  ))}
                </Box>
              )}
            </Box>
          ))}
      </Box>
      <Box component="section" aria-label="Open chats" sx={{ minWidth: 0 }}>
        {open.length === 0 || !shown ? (
          <Box sx={{ p: 4, textAlign: 'center', border: 1, borderColor: 'divider', borderRadius: 2 }}>
            <Typography color="text.secondary">
              Pick a chat on the left to open it here. Several can be open at once.
            </Typography>
          </Box>
        ) : (
          <>
            <Box
              sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', mb: 2 }}
            >
              <Tabs
                value={shown}
                onChange={(_event, id: string) => openChat(id)}
                variant="scrollable"
                scrollButtons="auto"
                aria-label="Open chats"
                sx={{ flexGrow: 1, minWidth: 0 }}
              >
                {open.map((id) => (
                  <Tab
                    key={id}
                    value={id}
                    label={label(id)}
                    id={`chat-tab-${id}`}
                    aria-controls={`chat-panel-${id}`}
                    sx={{ textTransform: 'none' }}
                  />
                ))}
              </Tabs>
              <Button size="small" color="inherit" onClick={() => closeTab(shown)} sx={{ flexShrink: 0 }}>
                Close tab
              </Button>
            </Box>
            {open.map((id) => (
              <Box
                key={id}
                role="tabpanel"
                id={`chat-panel-${id}`}
                aria-labelledby={`chat-tab-${id}`}
                hidden={id !== shown}
              >
                <ChatConversation chatId={id} customerTyping={live.typing.has(id)} />
              </Box>
            ))}
          </>
        )}
      </Box>
    </Box>
  );
}
