import { balancedColumns } from './balanced-grid';

describe('balancedColumns: the fewest rows, then the fullest last row', () => {
  it.each([
    [4, 4, 4],
    [4, 3, 2],
    [4, 2, 2],
    [4, 1, 1],
    [5, 3, 3],
    [5, 2, 2],
    [6, 4, 3],
    [3, 4, 3],
    [1, 3, 1],
    [7, 4, 4],
    [8, 3, 3],
    [9, 4, 3],
  ])('lays %i cards in at most %i columns as %i columns', (count, max, columns) => {
    expect(balancedColumns(count, max)).toBe(columns);
  });
});
