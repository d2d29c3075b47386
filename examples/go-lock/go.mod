module fencecheck.example/go-lock

go 1.19
