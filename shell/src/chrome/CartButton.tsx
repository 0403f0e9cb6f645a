import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCartRounded';
import { selectCartCount, useAppSelector } from '@portal/store';

export interface CartButtonProps {
  onOpen: () => void;
  /** Called when the pointer or the keyboard comes near: the modal's code can start loading. */
  onIntent: () => void;
}

const itemsText = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/** The header's cart: an icon with the number of plans in the cart; opens the Shopping Cart modal. */
export function CartButton({ onOpen, onIntent }: CartButtonProps) {
  const count = useAppSelector(selectCartCount);
  return (
    <IconButton
      aria-label={`Shopping cart, ${itemsText(count)}`}
      aria-haspopup="dialog"
      data-testid="cart-button"
      onClick={onOpen}
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      <ShoppingCartIcon />
      {count > 0 && (
        <Box
          component="span"
          aria-hidden
          sx={{
            position: 'absolute',
            top: 2,
            right: 0,
            minWidth: 18,
            height: 18,
            px: 0.5,
            borderRadius: 9,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontSize: '0.6875rem',
            fontWeight: 700,
            lineHeight: '18px',
            textAlign: 'center',
          }}
        >
          {count > 99 ? '99+' : count}
        </Box>
      )}
    </IconButton>
  );
}
