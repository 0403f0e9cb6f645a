/** Dialogs of this tab keep a margin on phones (360 px) and take the full width up to their maximum. */
export const dialogPaperSx = {
  m: { xs: 1.5, sm: 4 },
  width: { xs: 'calc(100% - 24px)', sm: '100%' },
} as const;
