package render

import (
	"bytes"
	"reflect"
	"testing"
)

// TestCacheHitIsIdentical: a second Render of the same view and options is
// served from the cache with the very bytes of the first; the caller may
// change what it got without changing the next answer; another option misses.
func TestCacheHitIsIdentical(t *testing.T) {
	bv := benchViews(t)[1]
	bv.v.MoveNumber = 4321 // a view no other test renders
	first, err := Render(bv.v, bv.opt)
	if err != nil {
		t.Fatal(err)
	}
	hits0, renders0 := cache.stats()
	want := bytes.Clone(first.PNG)
	again, err := Render(bv.v, bv.opt)
	if err != nil {
		t.Fatal(err)
	}
	if hits, renders := cache.stats(); hits != hits0+1 || renders != renders0 {
		t.Fatalf("the second render was drawn again (hits %d→%d, renders %d→%d)", hits0, hits, renders0, renders)
	}
	if !bytes.Equal(again.PNG, want) {
		t.Fatal("the cached image differs from the one drawn")
	}
	flipped := bv.opt
	flipped.Flip = true
	if _, err := Render(bv.v, flipped); err != nil {
		t.Fatal(err)
	}
	if _, renders := cache.stats(); renders != renders0+1 {
		t.Fatal("a render with other options was served from the cache")
	}
	// With the cache out of the way the bytes are the same.
	cache.mu.Lock()
	for k := range cache.byKey {
		delete(cache.byKey, k)
	}
	cache.order.Init()
	cache.mu.Unlock()
	fresh, err := Render(bv.v, bv.opt)
	if err != nil || !bytes.Equal(fresh.PNG, want) {
		t.Fatalf("a fresh render differs from the cached one (%v)", err)
	}
}

// TestCacheKeyCoversEveryField: changing any field of the view or the options,
// down to the first element of each array, changes the cache key, so no
// image is ever served for a view it was not drawn from.
func TestCacheKeyCoversEveryField(t *testing.T) {
	bv := benchViews(t)[0]
	base := viewAndOptions{bv.v, bv.opt}
	k0, ok := keyOf(&base)
	if !ok {
		t.Fatal("the view can't be keyed")
	}
	n := 0
	for _, m := range mutations(reflect.TypeOf(base), "") {
		c := base
		if bv.opt.Notes != nil { // no aliasing between the copies
			c.Options.Notes = append(c.Options.Notes[:0:0], bv.opt.Notes...)
		}
		m.apply(reflect.ValueOf(&c).Elem())
		if reflect.DeepEqual(c, base) {
			t.Fatalf("%s: the mutation changed nothing", m.path)
		}
		if k, _ := keyOf(&c); k == k0 {
			t.Errorf("changing %s leaves the cache key as it was", m.path)
		}
		n++
	}
	if n < 20 {
		t.Fatalf("only %d fields tried", n)
	}
}

type mutation struct {
	path  string
	apply func(v reflect.Value)
}

// mutations lists one change for every leaf of t: a number +1, a bool
// flipped, a string extended, a nil pointer or slice made non-nil (a set one
// made nil), arrays through their first element, structs field by field.
func mutations(t reflect.Type, path string) []mutation {
	switch t.Kind() {
	case reflect.Struct:
		var out []mutation
		for i := 0; i < t.NumField(); i++ {
			i := i
			for _, m := range mutations(t.Field(i).Type, path+"."+t.Field(i).Name) {
				out = append(out, mutation{m.path, func(v reflect.Value) { m.apply(v.Field(i)) }})
			}
		}
		return out
	case reflect.Array:
		var out []mutation
		for _, m := range mutations(t.Elem(), path+"[0]") {
			out = append(out, mutation{m.path, func(v reflect.Value) { m.apply(v.Index(0)) }})
		}
		return out
	}
	return []mutation{{path, func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Bool:
			v.SetBool(!v.Bool())
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			v.SetInt(v.Int() + 1)
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			v.SetUint(v.Uint() + 1)
		case reflect.String:
			v.SetString(v.String() + "x")
		case reflect.Pointer:
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			} else {
				v.SetZero()
			}
		case reflect.Slice:
			if v.IsNil() {
				v.Set(reflect.MakeSlice(v.Type(), 1, 1))
			} else {
				v.SetZero()
			}
		default:
			panic("mutations: unhandled kind " + v.Kind().String() + " at " + path)
		}
	}}}
}

// TestPreload: every theme builds; an unknown theme among them is an error.
func TestPreload(t *testing.T) {
	if err := Preload(); err != nil {
		t.Fatal(err)
	}
	if err := Preload(ThemeLight, Theme("sepia")); err == nil {
		t.Fatal("an unknown theme preloaded")
	}
}
