import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/AddRounded';
import CloseIcon from '@mui/icons-material/CloseRounded';
import DeleteIcon from '@mui/icons-material/DeleteOutlineRounded';
import RemoveIcon from '@mui/icons-material/RemoveRounded';
import ShoppingCartRounded from '@mui/icons-material/ShoppingCartRounded';
import { RouteButton } from '@portal/ui';
import { MAX_CART_QUANTITY, useCartContext, type CartItem } from '@portal/store';
import { MonthlyTotal } from '../components/MonthlyTotal';
import { useCheckoutAllowed } from '../components/useCheckoutAllowed';
import { formatMoney } from './money';

export interface CartDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The Shopping Cart modal: each plan with its monthly price and quantity controls,
 * the monthly total, 'Proceed to Checkout' and 'Continue Shopping'. MUI's Dialog traps focus,
 * closes on Escape and gives focus back to the cart button.
 */
export function CartDialog({ open, onClose }: CartDialogProps) {
  const { items, total, clearCart } = useCartContext();
  const { allowed, refusal } = useCheckoutAllowed();
  const paper = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const lineCount = useRef(items.length);
  // Remove, minus at one and 'Clear cart' take the focused button away with the line: focus would
  // fall out of the dialog onto the page behind it. It goes to the dialog's title instead.
  useEffect(() => {
    const removed = items.length < lineCount.current;
    lineCount.current = items.length;
    if (!removed || !open || !paper.current) return;
    if (!paper.current.contains(document.activeElement)) title.current?.focus();
  }, [items.length, open]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="cart-dialog-title"
      data-testid="cart-modal"
      slotProps={{
        paper: { ref: paper, sx: { m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: '100%' } } },
      }}
    >
      <DialogTitle
        id="cart-dialog-title"
        ref={title}
        tabIndex={-1}
        component="h2"
        variant="h3"
        sx={{ pr: 7, outline: 'none' }}
      >
        Shopping Cart
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      {items.length === 0 ? (
        <>
          <DialogContent sx={{ textAlign: 'center', py: 5 }}>
            <ShoppingCartRounded color="secondary" sx={{ fontSize: 44, mb: 1 }} aria-hidden />
            <Typography variant="h4" component="p">
              Your cart is empty
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              Add a package from our pricing page to get started.
            </Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 3 }}>
            <Button variant="outlined" color="inherit" onClick={onClose}>
              Continue Shopping
            </Button>
            <RouteButton href="/pricing" variant="contained" onClick={onClose}>
              View Pricing
            </RouteButton>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
            <Box component="ul" aria-label="Items in your cart" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {items.map((item) => (
                <CartLine key={item.packageId} item={item} />
              ))}
            </Box>
            <MonthlyTotal total={total} testId="cart-total" />
          </DialogContent>
          <DialogActions
            sx={{
              px: { xs: 2, sm: 3 },
              py: 2,
              flexWrap: 'wrap',
              gap: 1,
              '& > :not(style) ~ :not(style)': { ml: 0 },
            }}
          >
            <Button color="inherit" onClick={clearCart} sx={{ mr: 'auto', color: 'text.secondary' }}>
              Clear cart
            </Button>
            <Button variant="outlined" color="inherit" onClick={onClose}>
              Continue Shopping
            </Button>
            {allowed ? (
              <RouteButton href="/checkout" variant="contained" onClick={onClose}>
                Proceed to Checkout
              </RouteButton>
            ) : (
              <Typography variant="body2" role="note" sx={{ flexBasis: '100%', color: 'text.secondary' }}>
                {refusal}
              </Typography>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/** One plan: name, price per month, then minus / quantity / plus and remove. */
function CartLine({ item }: { item: CartItem }) {
  const { updateQuantity, removeItem } = useCartContext();
  const { packageId, name, price, quantity } = item;
  return (
    <Box
      component="li"
      aria-label={name}
      sx={{
        display: 'grid',
        gridTemplateColumns: '1fr auto',
        alignItems: 'center',
        gap: 1.5,
        py: 1.75,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <div>
        <Typography sx={{ fontWeight: 650 }}>{name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {formatMoney(price)} per month
        </Typography>
      </div>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <IconButton
          size="small"
          aria-label={`Decrease quantity of ${name}`}
          onClick={() => updateQuantity(packageId, quantity - 1)}
        >
          <RemoveIcon fontSize="small" />
        </IconButton>
        <Typography
          component="output"
          aria-label={`Quantity of ${name}`}
          aria-live="polite"
          sx={{ minWidth: 28, textAlign: 'center', fontWeight: 650, fontVariantNumeric: 'tabular-nums' }}
        >
          {quantity}
        </Typography>
        <IconButton
          size="small"
          aria-label={`Increase quantity of ${name}`}
          disabled={quantity >= MAX_CART_QUANTITY}
          onClick={() => updateQuantity(packageId, quantity + 1)}
        >
          <AddIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={`Remove ${name} from cart`}
          onClick={() => removeItem(packageId)}
          sx={{ ml: 0.5, color: 'text.secondary' }}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Box>
    </Box>
  );
}
