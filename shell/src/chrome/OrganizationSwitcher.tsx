import { Suspense, useId, useState } from 'react';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckRounded from '@mui/icons-material/CheckRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import { isCustomer, orgRoleLabels, type MyOrganization } from '@portal/contracts';
import { UserText, withoutBidiControls } from '@portal/ui/user-text';
import { selectSessionUser, serverMessage, showToast, useAppDispatch, useAppSelector } from '@portal/store';
import { switchOrganization, useMyOrganizationsQuery } from '@portal/store/organizations';

export interface OrganizationSwitcherProps {
  /** In the phone menu: a full-width button. */
  fullWidth?: boolean;
}

function Switcher({ fullWidth }: OrganizationSwitcherProps) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectSessionUser);
  const { data } = useMyOrganizationsQuery();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [switching, setSwitching] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const organizations = data?.organizations ?? [];
  if (organizations.length < 2) return null;
  const current = organizations.find(({ id }) => id === user?.organizationId);

  const choose = async ({ id, name }: MyOrganization) => {
    setAnchor(null);
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

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        variant={fullWidth ? 'outlined' : 'text'}
        fullWidth={fullWidth}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        aria-label={`Organization: ${current ? withoutBidiControls(current.name) : 'none chosen'}. Switch organization`}
        endIcon={<ExpandMoreRounded />}
        loading={switching}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ maxWidth: fullWidth ? undefined : 220, textTransform: 'none' }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {current ? <UserText>{current.name}</UserText> : 'Organizations'}
        </span>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId, dense: true } }}
      >
        {organizations.map((organization) => {
          const selected = organization.id === current?.id;
          return (
            <MenuItem
              key={organization.id}
              selected={selected}
              aria-current={selected ? 'true' : undefined}
              onClick={() => void choose(organization)}
              sx={{ gap: 1.5, minWidth: 240 }}
            >
              <ListItemText
                primary={<UserText>{organization.name}</UserText>}
                secondary={orgRoleLabels[organization.role]}
              />
              {selected && <CheckRounded fontSize="small" aria-hidden />}
            </MenuItem>
          );
        })}
      </Menu>
    </>
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
