import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddShoppingCartRounded from '@mui/icons-material/AddShoppingCartRounded';
import type { CatalogPackage } from '@portal/contracts';
import { CartProvider, useCartContext } from '@portal/store';
import { CheckList } from '../../components/CheckList';
import { Section } from '../../components/Section';
import { usePackagesQuery } from './catalog-api';
import { formatPrice } from './format';
import { balancedGridSx } from '../../components/balanced-grid';
import { outlinedSx } from '../../components/grid-list';

/**
 * The catalog's packages, shown only once the catalog answers: until the commerce service is up the
 * page simply goes without them (the calculators and the quote are what a visitor came for). Each
 * can go into the cart.
 */
export function Packages() {
  const { data } = usePackagesQuery();
  if (!Array.isArray(data) || data.length === 0) return null;
  return (
    <CartProvider>
      <PackageList packages={data} />
    </CartProvider>
  );
}

function PackageList({ packages }: { packages: CatalogPackage[] }) {
  const { addItem } = useCartContext();
  return (
    <Section
      eyebrow="Packages"
      title="Popular starting points"
      lead="Most clients begin with one of these packages. Your custom quote fits it to your volumes, channels and hours."
    >
      <Box
        component="ul"
        sx={balancedGridSx(packages.length, { xs: 1, sm: 2, md: 3, lg: 4 }, { xs: 2, md: 3 })}
      >
        {packages.map(({ id, name, price, description, features }) => (
          <Box
            component="li"
            key={id}
            sx={{
              display: 'flex',
              flexDirection: 'column',
              p: 3.5,
              borderRadius: 5,
              ...outlinedSx,
            }}
          >
            <Typography variant="h3" id={`package-${id}`}>
              {name}
            </Typography>
            <Typography component="p" sx={{ mt: 1.5 }}>
              <Box component="span" sx={{ fontSize: '2rem', fontWeight: 800 }}>
                {formatPrice(Number(price))}
              </Box>{' '}
              <Box component="span" sx={{ color: 'text.secondary' }}>
                per month
              </Box>
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, mb: 2.5 }}>
              {description}
            </Typography>
            <CheckList items={features} label={`${name} features`} />
            {/* Pushed to the card's foot, so the buttons of a row line up. */}
            <Box sx={{ mt: 'auto', pt: 3 }}>
              <Button
                variant="contained"
                startIcon={<AddShoppingCartRounded />}
                aria-describedby={`package-${id}`}
                onClick={() => addItem({ packageId: id, name, price: Number(price) })}
              >
                Add to Cart
              </Button>
            </Box>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
