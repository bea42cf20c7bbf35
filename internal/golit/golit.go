// Package golit writes Go values as the source of package-level variables,
// for tests that generate precomputed tables: a table written as a literal
// costs a program nothing at start, where one computed in init runs every time.
package golit

import (
	"fmt"
	"go/format"
	"reflect"
	"strings"
)

// Var is one variable of a generated file.
type Var struct {
	Name  string
	Value any // arrays of arrays, structs, integers and booleans
}

// V is the Var named name holding value.
func V(name string, value any) Var { return Var{Name: name, Value: value} }

// File returns a gofmt-ed Go file of package pkg: header (a comment, with its
// "//" markers), imports, and a var block with vars. Type names of package
// pkg lose their qualifier; zero array elements and struct fields are left out.
func File(pkg, header string, imports []string, vars []Var) ([]byte, error) {
	var b strings.Builder
	b.WriteString(header + "\n\npackage " + pkg + "\n\n")
	for _, im := range imports {
		fmt.Fprintf(&b, "import %q\n", im)
	}
	b.WriteString("\nvar (\n")
	for _, v := range vars {
		rv := reflect.ValueOf(v.Value)
		typ := strings.ReplaceAll(rv.Type().String(), pkg+".", "")
		if rv.Kind() == reflect.Array || rv.Kind() == reflect.Struct {
			fmt.Fprintf(&b, "\t%s = %s%s\n", v.Name, typ, literal(rv, 1))
		} else {
			fmt.Fprintf(&b, "\t%s %s = %s\n", v.Name, typ, literal(rv, 1))
		}
	}
	b.WriteString(")\n")
	return format.Source([]byte(b.String()))
}

func literal(v reflect.Value, depth int) string {
	switch v.Kind() {
	case reflect.Array:
		var b strings.Builder
		b.WriteString("{")
		leaf := v.Type().Elem().Kind() != reflect.Array
		for i := range v.Len() {
			e := v.Index(i)
			if e.IsZero() {
				continue
			}
			if leaf {
				fmt.Fprintf(&b, "%d: %s, ", i, literal(e, depth+1))
			} else {
				fmt.Fprintf(&b, "\n%s%d: %s,", strings.Repeat("\t", depth+1), i, literal(e, depth+1))
			}
		}
		if !leaf && b.Len() > 1 {
			b.WriteString("\n" + strings.Repeat("\t", depth))
		}
		b.WriteString("}")
		return b.String()
	case reflect.Struct:
		var parts []string // keyed, so vet accepts another package's struct
		for i := range v.NumField() {
			if !v.Field(i).IsZero() {
				parts = append(parts, v.Type().Field(i).Name+": "+literal(v.Field(i), depth))
			}
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return fmt.Sprintf("%#x", v.Uint())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return fmt.Sprint(v.Int())
	case reflect.Bool:
		return fmt.Sprint(v.Bool())
	}
	panic("golit: no literal for " + v.Type().String())
}
