import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import type { StaffSlot } from '@portal/contracts';
import { showToast, useAppDispatch } from '@portal/store';
import { UserText } from '@portal/ui/user-text';
import { ListSkeleton } from '../../components/ListSkeleton';
import { errorText, LoadError } from '../../components/LoadError';
import { AddSlotForm } from './AddSlotForm';
import { useRemoveSlotMutation, useStaffBookingsQuery, useStaffSlotsQuery } from './availability-api';
import { formatSlot } from './slot-time';

function SlotRow({ slot }: { slot: StaffSlot }) {
  const dispatch = useAppDispatch();
  const [removeSlot, removing] = useRemoveSlotMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const when = formatSlot(slot.startsAt, slot.endsAt);
  async function remove() {
    setProblem(null);
    try {
      await removeSlot(slot.id).unwrap();
      dispatch(showToast({ title: 'Slot removed', description: when, severity: 'success' }));
    } catch (error) {
      setProblem(errorText(error));
    }
  }
  return (
    <TableRow>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{when}</TableCell>
      <TableCell>{slot.durationMinutes} min</TableCell>
      <TableCell>
        {slot.booking ? (
          <>
            <Chip size="small" color="warning" variant="outlined" label="Booked" sx={{ mr: 1 }} />
            <UserText>{slot.booking.name}</UserText>
          </>
        ) : (
          <Chip size="small" color="success" variant="outlined" label="Open" />
        )}
        {problem && (
          <Typography role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
            {problem}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right">
        {slot.booking ? (
          <Typography variant="body2" color="text.secondary">
            Booked: stays until the visitor cancels or moves it
          </Typography>
        ) : (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlineRounded />}
            onClick={remove}
            disabled={removing.isLoading}
            aria-label={`Remove the slot ${when}`}
          >
            Remove
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

function SlotsPanel() {
  const slots = useStaffSlotsQuery();
  return (
    <Paper component="section" aria-labelledby="slots-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id="slots-title" variant="h3" component="h3" sx={{ fontSize: '1.25rem', mb: 2 }}>
        Open times
      </Typography>
      <AddSlotForm />
      <Box sx={{ mt: 3, overflowX: 'auto' }}>
        {slots.isLoading ? (
          <ListSkeleton label="Loading slots" rows={3} />
        ) : slots.isError ? (
          <LoadError
            title="We could not load the slots."
            error={slots.error}
            onRetry={() => void slots.refetch()}
          />
        ) : slots.data?.slots.length ? (
          <Table size="small" aria-label="Slots" sx={{ minWidth: 560 }}>
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Length</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">
                  <Box
                    component="span"
                    sx={{
                      position: 'absolute',
                      width: 1,
                      height: 1,
                      overflow: 'hidden',
                      clip: 'rect(0 0 0 0)',
                    }}
                  >
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {slots.data.slots.map((slot) => (
                <SlotRow key={slot.id} slot={slot} />
              ))}
            </TableBody>
          </Table>
        ) : (
          <Alert severity="info" role="status">
            No upcoming slots: visitors are offered the message form until you add one.
          </Alert>
        )}
      </Box>
    </Paper>
  );
}

function BookingsPanel() {
  const bookings = useStaffBookingsQuery();
  return (
    <Paper component="section" aria-labelledby="bookings-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id="bookings-title" variant="h3" component="h3" sx={{ fontSize: '1.25rem', mb: 2 }}>
        Upcoming bookings
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        {bookings.isLoading ? (
          <ListSkeleton label="Loading bookings" rows={3} />
        ) : bookings.isError ? (
          <LoadError
            title="We could not load the bookings."
            error={bookings.error}
            onRetry={() => void bookings.refetch()}
          />
        ) : bookings.data?.bookings.length ? (
          <Table size="small" aria-label="Bookings" sx={{ minWidth: 520 }}>
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {bookings.data.bookings.map((booking) => (
                <TableRow key={booking.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    {formatSlot(booking.startsAt, booking.endsAt)}
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      <UserText>{booking.name}</UserText>
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      <UserText>
                        {[booking.email, booking.company, booking.phone].filter(Boolean).join(' · ')}
                      </UserText>
                    </Typography>
                    {booking.note && (
                      <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
                        <UserText>{booking.note}</UserText>
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={booking.status === 'confirmed' ? 'success' : 'default'}
                      label={booking.status === 'confirmed' ? 'Confirmed' : 'Cancelled'}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Alert severity="info" role="status">
            No upcoming bookings yet.
          </Alert>
        )}
      </Box>
    </Paper>
  );
}

/**
 * Availability: the times visitors can book a call at when no external scheduler is configured
 * (add, remove; a booked one stays), beside the upcoming bookings with who and their status.
 */
export default function AvailabilityPage() {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: '1.1fr 1fr' },
        alignItems: 'start',
      }}
    >
      <SlotsPanel />
      <BookingsPanel />
    </Box>
  );
}
