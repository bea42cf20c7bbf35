package render

// lzwEncoder is GIF's LZW (least significant bit first, variable code width
// up to 12 bits, a clear code when the codes run out) with the same output as
// compress/lzw, byte for byte (TestLZWMatchesTheLibrary), for small alphabets:
// its dictionary is a dense table indexed by (next literal, prefix code), so a
// pixel costs one array read instead of a hashed probe, and a long run of one
// colour reads one literal's 16 KB of it. A GIF frame of a board
// is mostly runs of the transparent index, so the encoder is where the time
// of a GIF went (about 3× faster than compress/lzw here, see BenchmarkGIF).
type lzwEncoder struct {
	w        *blockWriter
	litWidth uint
	// table[literal<<12|code] is gen<<12 | the code of the string code+literal,
	// valid only while its gen is the current one (a reset only bumps gen).
	table []uint32
	gen   uint32
	width uint
	hi    uint32 // the last code assigned
	over  uint32 // hi reaching this widens the codes
	bits  uint32
	nBits uint
}

const lzwMaxCode = 1<<12 - 1

func newLZWEncoder(litWidth int) *lzwEncoder {
	return &lzwEncoder{litWidth: uint(litWidth), table: make([]uint32, (lzwMaxCode+1)<<litWidth)}
}

func (e *lzwEncoder) reset() {
	e.gen++
	if e.gen == 1<<20 { // the stamps would wrap: clear for real
		clear(e.table)
		e.gen = 1
	}
	clearCode := uint32(1) << e.litWidth
	e.width = e.litWidth + 1
	e.hi = clearCode + 1
	e.over = clearCode << 1
}

func (e *lzwEncoder) emit(code uint32) {
	e.bits |= code << e.nBits
	e.nBits += e.width
	for e.nBits >= 8 {
		e.w.writeByte(byte(e.bits))
		e.bits >>= 8
		e.nBits -= 8
	}
}

// incHi assigns the next code; when the codes run out it emits a clear code,
// resets and returns false.
func (e *lzwEncoder) incHi() bool {
	e.hi++
	if e.hi == e.over {
		e.width++
		e.over <<= 1
	}
	if e.hi == lzwMaxCode {
		e.emit(1 << e.litWidth)
		e.reset()
		return false
	}
	return true
}

// encode writes pix (every value below 1<<litWidth) as one LZW stream: the
// clear code, the codes, the end code and the last bits.
func (e *lzwEncoder) encode(w *blockWriter, pix []uint8) error {
	e.w, e.bits, e.nBits = w, 0, 0
	e.reset()
	e.emit(1 << e.litWidth)
	if len(pix) > 0 {
		code := uint32(pix[0])
		gen := e.gen
		for _, x := range pix[1:] {
			key := uint32(x)<<12 | code // literal-major: a run of one colour stays in 16 KB of the table
			if t := e.table[key]; t>>12 == gen {
				code = t & lzwMaxCode
				continue
			}
			e.emit(code)
			code = uint32(x)
			if !e.incHi() {
				gen = e.gen
				continue
			}
			e.table[key] = gen<<12 | e.hi
		}
		e.emit(code)
		e.incHi()
	}
	e.emit(1<<e.litWidth + 1)
	if e.nBits > 0 {
		e.w.writeByte(byte(e.bits))
	}
	return e.w.err
}
