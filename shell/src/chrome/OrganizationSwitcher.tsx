import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckRounded from '@mui/icons-material/CheckRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import { isCustomer, orgRoleLabels, type MyOrganization } from '@portal/contracts';
import { UserText, withoutBidiControls } from '@portal/ui/user-text';
import { selectSessionUser, serverMessage, showToast, useAppDispatch, useAppSelector } from '@portal/store';
import { switchOrganization, useMyOrganizationsQuery } from '@portal/store/organizations';

export interface OrganizationSwitcherProps {
  /** In the phone menu: a full-width button, its list below it. */
  fullWidth?: boolean;
}

/**
 * A menu button of its own (WAI-ARIA menu button pattern) rather than MUI's Menu: the shell shares
 * every MUI component it imports, and each one shared adds to the first visit of every page, while
 * this menu shows only once signed in. Arrow keys, Home and End move between the organizations, Enter
 * or Space chooses, Escape closes and gives focus back to the button; a click elsewhere closes it.
 */
function Switcher({ fullWidth }: OrganizationSwitcherProps) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectSessionUser);
  const { data } = useMyOrganizationsQuery();
  const [open, setOpen] = useState(false);
  const [switching, setSwitching] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const organizations = data?.organizations ?? [];
  const current = organizations.find(({ id }) => id === user?.organizationId);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
  useEffect(() => {
    if (!open) return;
    // Focus goes to the organization acted in (else the first).
    (items().find((item) => item.getAttribute('aria-checked') === 'true') ?? items()[0])?.focus();
    const outside = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  if (organizations.length < 2) return null;

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const choose = async ({ id, name }: MyOrganization) => {
    close();
    if (id === current?.id) return;
    setSwitching(true);
    try {
      await dispatch(switchOrganization(id));
      dispatch(showToast({ title: `Switched to ${withoutBidiControls(name)}`, severity: 'success' }));
    } catch (error) {
      dispatch(
        showToast({
          title: 'Failed to switch organization',
          description: serverMessage(error) ?? 'Please try again in a moment.',
          severity: 'error',
        }),
      );
    } finally {
      setSwitching(false);
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const moveTo = {
      ArrowDown: (at + 1) % list.length,
      ArrowUp: (at - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    }[event.key];
    if (moveTo !== undefined) {
      event.preventDefault();
      list[moveTo]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  return (
    <Box sx={{ position: 'relative', width: fullWidth ? '100%' : undefined }}>
      <Button
        ref={button}
        id={buttonId}
        color="inherit"
        variant={fullWidth ? 'outlined' : 'text'}
        fullWidth={fullWidth}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Organization: ${current ? withoutBidiControls(current.name) : 'none chosen'}. Switch organization`}
        endIcon={<ExpandMoreRounded />}
        loading={switching}
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={onButtonKey}
        sx={{ maxWidth: fullWidth ? undefined : 220, textTransform: 'none' }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {current ? <UserText>{current.name}</UserText> : 'Organizations'}
        </Box>
      </Button>
      {open && (
        <Box
          ref={menu}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKey}
          sx={{
            position: fullWidth ? 'static' : 'absolute',
            right: 0,
            top: '100%',
            mt: 0.5,
            zIndex: 'modal',
            minWidth: 240,
            maxWidth: 'min(360px, 92vw)',
            py: 0.5,
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            boxShadow: 8,
          }}
        >
          {organizations.map((organization) => {
            const checked = organization.id === current?.id;
            return (
              <Box
                key={organization.id}
                component="button"
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={-1}
                onClick={() => void choose(organization)}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.5,
                  width: '100%',
                  px: 2,
                  py: 1,
                  border: 0,
                  bgcolor: checked ? 'action.selected' : 'transparent',
                  color: 'text.primary',
                  font: 'inherit',
                  textAlign: 'left',
                  cursor: 'pointer',
                  '&:hover, &:focus-visible': { bgcolor: 'action.hover', outline: 'none' },
                  '&:focus-visible': {
                    boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}`,
                  },
                }}
              >
                <Box component="span" sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                    <UserText>{organization.name}</UserText>
                  </Typography>
                  <Typography
                    component="span"
                    variant="body2"
                    color="text.secondary"
                    sx={{ display: 'block' }}
                  >
                    {orgRoleLabels[organization.role]}
                  </Typography>
                </Box>
                {checked && <CheckRounded fontSize="small" aria-hidden />}
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

/**
 * The header's organization switcher, for a signed-in customer who belongs to two organizations or
 * more: a menu of them, each with the member's role; choosing one scopes the session's token to it,
 * drops every cached answer and reads the user again, on the same page. Loaded only once signed in
 * (a lazy chunk): the first visit of an anonymous visitor carries none of it.
 */
export default function OrganizationSwitcher(props: OrganizationSwitcherProps) {
  const user = useAppSelector(selectSessionUser);
  if (!isCustomer(user?.role)) return null;
  return (
    <Suspense fallback={null}>
      <Switcher {...props} />
    </Suspense>
  );
}
