import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { StaffOrganization } from '@portal/contracts';
import { withoutBidiControls } from '@portal/ui/user-text';
import { useOrganizationsQuery } from '../../api/staff-api';

/** What the pickers need of an organization. */
export type OrganizationChoice = Pick<StaffOrganization, 'id' | 'name'>;

export interface OrganizationPickerProps {
  label: string;
  value: OrganizationChoice | null;
  onChange: (organization: OrganizationChoice | null) => void;
  /** Organizations not to offer (the agent's own already). */
  exclude?: readonly string[];
  disabled?: boolean;
  size?: 'small' | 'medium';
}

/**
 * A customer organization, chosen by typing part of its name (or a member's name or email): identity's
 * staff organization search, the one the Customers page reads, asked a quarter second after typing stops.
 */
export function OrganizationPicker({
  label,
  value,
  onChange,
  exclude = [],
  disabled,
  size = 'small',
}: OrganizationPickerProps) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useOrganizationsQuery({ q: q || undefined, cursor: null }, { skip: disabled });
  const options: OrganizationChoice[] = (found.data?.organizations ?? []).filter(
    (organization) => !exclude.includes(organization.id),
  );
  return (
    <Autocomplete
      size={size}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={typed}
      onInputChange={(_event, next) => setTyped(next)}
      options={value && !options.some(({ id }) => id === value.id) ? [value, ...options] : options}
      getOptionLabel={(option) => withoutBidiControls(option.name)}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      // The server has filtered them already.
      filterOptions={(all) => all}
      loading={found.isFetching}
      noOptionsText={found.isError ? 'The organizations could not be searched' : 'No organization matches'}
      disabled={disabled}
      sx={{ minWidth: { xs: '100%', sm: 280 } }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
