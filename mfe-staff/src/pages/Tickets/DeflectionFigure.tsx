import Typography from '@mui/material/Typography';
import { useDeflectionsQuery } from '../../api/staff-api';

/** How many tickets the help center's 'This solved it' saved: in the last 30 days and in all. */
export function DeflectionFigure() {
  const { data, isError } = useDeflectionsQuery();
  if (isError || !data) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      Solved by the help center: <strong>{data.last30Days}</strong> in 30 days ({data.total} in all)
    </Typography>
  );
}
